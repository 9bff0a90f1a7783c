import type { CollectionName } from '../schema/index.ts';
import { linkProblems, todoProblems } from './body-rules.ts';
import type { Content, Entry, KnownIds, LoadResult, SourceFile } from './entries.ts';
import { frontmatterData, nameProblems, reporter, schemaCheck } from './file-rules.ts';
import { sortProblems, type Problem } from './problems.ts';
import { noteReferenceProblems } from './reference-rules.ts';
import { verdictProblems } from './verdicts.ts';

/** What one file's rules found: its problems, and its entry where it is valid. */
interface FileResult {
  problems: Problem[];
  entry: Entry<unknown> | undefined;
}

/**
 * Each file's result, kept by a long-lived process (the dev server) for the next validation: a file
 * that was not read again (the same object) is not checked again while every id and the origin are
 * the same. Clients are always checked again: their verdicts depend on other notes' frontmatter.
 */
export type ValidationMemo = WeakMap<SourceFile, { key: string; result: FileResult }>;

/**
 * Validates a content folder's files: the names, each file's frontmatter against its schema, the
 * rules that span files (references, verdicts, links), then leftover TODO markers. Never throws on
 * bad content: every problem is returned, sorted, beside the entries that passed.
 */
export const validateContent = (files: readonly SourceFile[], options: { origin: string; memo?: ValidationMemo }): LoadResult => {
  const idsIn = (collection: CollectionName) =>
    new Set(files.filter((file) => file.collection === collection).map((file) => file.id));
  const ids: KnownIds = {
    research: idsIn('research'),
    clients: idsIn('clients'),
    revisions: idsIn('revisions'),
    capabilities: idsIn('capabilities'),
  };
  const noteData = new Map(
    files.filter((file) => file.collection === 'research').map((file) => [file.id, file.parsed?.data] as const),
  );
  const named = Map.groupBy(nameProblems(files), (problem) => problem.file);
  const content: Content = { research: [], clients: [], revisions: [], capabilities: [] };
  const problems: Problem[] = [];

  const check = (file: SourceFile, own: Problem[]): FileResult => {
    const readable = frontmatterData(file);
    if ('problems' in readable) return { problems: [...own, ...readable.problems], entry: undefined };
    const report = reporter(file, own);
    const valid = schemaCheck(file, readable.data, report);
    if (file.collection === 'research') noteReferenceProblems(file.id, readable.data, ids, options.origin, report);
    if (file.collection === 'clients') {
      for (const problem of verdictProblems(file.id, readable.data['support'], noteData, ids))
        report(problem.path, problem.message);
    }
    own.push(...linkProblems(file, ids, options.origin));
    own.push(...todoProblems(file, new Set(own.map((problem) => problem.line))));
    if (valid === undefined || file.parsed === undefined) return { problems: own, entry: undefined };
    const entry: Entry<unknown> = {
      id: file.id,
      file: file.file,
      absolutePath: file.absolutePath,
      data: valid.data,
      frontmatterBlock: file.parsed.frontmatterBlock,
      body: file.parsed.body,
      text: file.text,
    };
    return { problems: own, entry };
  };

  const { memo } = options;
  const key = memo === undefined ? '' : [options.origin, ...Object.values(ids).map((set) => [...set].join('\0'))].join('\n');
  for (const file of files) {
    const own = named.get(file.file);
    const reusable = memo !== undefined && own === undefined && file.collection !== 'clients';
    const kept = reusable ? memo.get(file) : undefined;
    const fresh = kept === undefined || kept.key !== key;
    const result = fresh ? check(file, [...(own ?? [])]) : kept.result;
    if (reusable && fresh) memo.set(file, { key, result });
    problems.push(...result.problems);
    if (result.entry) (content[file.collection] as Entry<unknown>[]).push(result.entry);
  }
  return { content, problems: sortProblems(problems) };
};
