/** One thing wrong with the content, placed where an author can find it. */
export interface Problem {
  /** The file, relative to the working directory, as authors and editors expect. */
  file: string;
  line: number;
  column: number;
  /** The frontmatter field (`clients[1]`, `sources[0].url`), where the problem is in one. */
  field?: string;
  message: string;
}

/** `path:line:column: field: message`, the form editors and review tools link to. */
export const formatProblem = (problem: Problem): string =>
  `${problem.file}:${problem.line}:${problem.column}: ${problem.field === undefined ? '' : `${problem.field}: `}${problem.message}`;

/** A GitHub Actions workflow command, which GitHub shows as an annotation on the line. */
export const formatGithubAnnotation = (problem: Problem): string => {
  // Workflow commands treat `%`, CR, LF (and `,` `:` in properties) specially.
  const data = (value: string) => value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (value: string) => data(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const message = problem.field === undefined ? problem.message : `${problem.field}: ${problem.message}`;
  return `::error file=${property(problem.file)},line=${problem.line},col=${problem.column}::${data(message)}`;
};

/** Problems in reading order: by file, then line, then column. */
export const sortProblems = (problems: readonly Problem[]): Problem[] =>
  [...problems].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column);
