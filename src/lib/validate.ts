import type { CollectionName } from '../schema/index.ts';
import { linkProblems, todoProblems } from './body-rules.ts';
import type { Content, Entry, KnownIds, LoadResult, SourceFile } from './entries.ts';
import { frontmatterData, nameProblems, reporter, schemaCheck } from './file-rules.ts';
import { sortProblems, type Problem } from './problems.ts';
import { noteReferenceProblems } from './reference-rules.ts';
import { verdictProblems } from './verdicts.ts';

/**
 * Validates a content folder's files: the names, each file's frontmatter against its schema, the
 * rules that span files (references, verdicts, links), then leftover TODO markers. Never throws on
 * bad content: every problem is returned, sorted, beside the entries that passed.
 */
export const validateContent = (files: readonly SourceFile[], options: { origin: string }): LoadResult => {
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

  for (const file of files) {
    const own: Problem[] = [...(named.get(file.file) ?? [])];
    const readable = frontmatterData(file);
    if ('problems' in readable) {
      problems.push(...own, ...readable.problems);
      continue;
    }
    const report = reporter(file, own);
    const valid = schemaCheck(file, readable.data, report);
    if (file.collection === 'research') noteReferenceProblems(file.id, readable.data, ids, options.origin, report);
    if (file.collection === 'clients') {
      for (const problem of verdictProblems(file.id, readable.data['support'], noteData, ids))
        report(problem.path, problem.message);
    }
    own.push(...linkProblems(file, ids, options.origin));
    own.push(...todoProblems(file, new Set(own.map((problem) => problem.line))));
    problems.push(...own);
    if (valid !== undefined && file.parsed !== undefined) {
      (content[file.collection] as Entry<unknown>[]).push({
        id: file.id,
        file: file.file,
        absolutePath: file.absolutePath,
        data: valid.data,
        frontmatterBlock: file.parsed.frontmatterBlock,
        body: file.parsed.body,
        text: file.text,
      });
    }
  }
  return { content, problems: sortProblems(problems) };
};
