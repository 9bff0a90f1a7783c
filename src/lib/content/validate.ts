import type { CollectionName } from '../../schema/index.ts';
import { linkProblems, todoProblems } from './body-rules.ts';
import { captureIndex, captureSourceProblems, type CaptureFile } from './capture-rules.ts';
import { checkCaptures, type CaptureChecks, type CheckedCaptures } from './capture-checks.ts';
import { sinceProblems } from './since-rules.ts';
import { asRecord, type Content, type Entry, type KnownIds, type LoadResult, type SourceFile } from './entries.ts';
import { fingerprint } from './fingerprint.ts';
import { frontmatterData, nameProblems, pastDateProblems, reporter, schemaCheck } from './file-rules.ts';
import { sortProblems, type Problem } from './problems.ts';
import { featureProblems, noteFeatureProblems, repeatedSourceProblems } from './feature-rules.ts';
import { noteReferenceProblems } from './reference-rules.ts';
import { verdictProblems } from './verdicts.ts';

/** What one file's rules found, and what its parse gave where it parsed. */
export interface Checked {
  /** What the result depends on besides the file's text: the origin, the build date and every id. */
  key: string;
  problems: Problem[];
  /** The frontmatter as its schema gives it, where the file is valid. */
  data: unknown;
  /** The parse, where it had no syntax error: enough to rebuild it without parsing (`parsedFrom`). */
  parse?: { frontmatterLength: number; data: unknown };
}

/**
 * Each file's last check, by `memoKey`: a file whose text is the same is not checked again while
 * the key is the same, nor parsed again (read-content.ts). The dev server keeps one between saves.
 * Clients are always checked again: their
 * verdicts depend on other notes' frontmatter.
 */
export type ValidationMemo = Map<string, Checked>;

/** The memo's key of a file: its path and the hash of its text. */
export const memoKey = (file: Pick<SourceFile, 'absolutePath' | 'hash'>): string => `${file.absolutePath}\0${file.hash}`;

/**
 * Validates a content folder's files against the site's `origin` and the build date (`today`): the names, each file's frontmatter against its schema, the
 * rules that span files (references, verdicts, links), then leftover TODO markers. Never throws on
 * bad content: every problem is returned, sorted, beside the entries that passed.
 */
export const validateContent = (
  files: readonly SourceFile[],
  options: {
    origin: string;
    today: string;
    memo?: ValidationMemo;
    captures?: readonly CaptureFile[];
    /** Captures that passed their rules before, by name and SHA-256 (capture-checks.ts). */
    captureChecks?: CaptureChecks;
  },
): Omit<LoadResult, 'captures' | 'validCaptures' | 'releaseFiles' | 'releases'> & { checkedCaptures: CheckedCaptures } => {
  const idsIn = (collection: CollectionName) =>
    new Set(files.filter((file) => file.collection === collection).map((file) => file.id));
  const ids: KnownIds = {
    research: idsIn('research'),
    clients: idsIn('clients'),
    revisions: idsIn('revisions'),
    capabilities: idsIn('capabilities'),
    features: idsIn('features'),
  };
  const noteData = new Map(
    files.filter((file) => file.collection === 'research').map((file) => [file.id, file.parsed?.data] as const),
  );
  const featureData = new Map(
    files.filter((file) => file.collection === 'features').map((file) => [file.id, file.parsed?.data] as const),
  );
  const named = Map.groupBy(nameProblems(files), (problem) => problem.file);
  const content: Content = { research: [], clients: [], revisions: [], capabilities: [], features: [] };
  const problems: Problem[] = [];

  const captureFiles = options.captures ?? [];
  const captures = captureIndex(captureFiles);
  const captureIds = new Set(captures.keys());
  const checkedCaptures = checkCaptures(captureFiles, ids.clients, options.captureChecks);
  problems.push(...checkedCaptures.problems);
  const parsedCaptures = checkedCaptures.captures;

  // Which clients each note's captures are of: what makes a verdict observed (cells/evidence-kind.ts).
  const capturedClients = new Map(
    [...noteData].map(([id, data]) => {
      const sources = asRecord(data)?.['sources'];
      const cited = Array.isArray(sources) ? sources.map((source: unknown) => asRecord(source)?.['capture']) : [];
      return [id, new Set(cited.flatMap((capture) => (typeof capture === 'string' ? [captures.get(capture)?.client] : [])))] as const;
    }),
  );
  const citesCapture = (note: string, client: string) => capturedClients.get(note)?.has(client) === true;

  // A note's capture sources are checked against the captures' hashes: a changed capture checks them again.
  const captureKey = captureFiles.map((file) => `${file.id}\0${file.sha256}`).join('\0');
  // A note's features are checked against each feature's capability, a feature against its parents.
  const featureKey = [...featureData].map(([id, data]) => `${id}\0${JSON.stringify(asRecord(data)?.['capability'] ?? null)}\0${JSON.stringify(asRecord(data)?.['parent'] ?? null)}`).join('\0');
  const key = fingerprint(
    [options.origin, options.today, ...Object.values(ids).map((set) => [...set].join('\0')), captureKey, featureKey].join('\n'),
  );
  const check = (file: SourceFile, own: Problem[]): Checked => {
    const parse =
      file.parsed && file.parsed.syntaxErrors.length === 0
        ? { frontmatterLength: file.parsed.frontmatterBlock.length, data: file.parsed.data }
        : undefined;
    const readable = frontmatterData(file);
    if ('problems' in readable)
      return { key, problems: [...own, ...readable.problems], data: undefined, ...(parse ? { parse } : {}) };
    const report = reporter(file, own);
    const valid = schemaCheck(file, readable.data, report);
    pastDateProblems(file, readable.data, options.today, report);
    if (file.collection === 'research') {
      noteReferenceProblems(file.id, readable.data, ids, options.origin, report);
      captureSourceProblems(readable.data, captures, report);
      repeatedSourceProblems(readable.data, report);
      noteFeatureProblems(readable.data, featureData, report);
    }
    if (file.collection === 'features') featureProblems(file.id, readable.data, ids, featureData, report);
    if (file.collection === 'clients') {
      for (const problem of verdictProblems(file.id, readable.data['support'], noteData, ids, citesCapture))
        report(problem.path, problem.message);
      for (const problem of sinceProblems(file.id, readable.data['support'], noteData, parsedCaptures))
        report(problem.path, problem.message);
    }
    own.push(...linkProblems(file, ids, options.origin, captureIds));
    own.push(...todoProblems(file, new Set(own.map((problem) => problem.line))));
    return { key, problems: own, data: valid?.data, ...(parse ? { parse } : {}) };
  };

  const { memo } = options;
  const seen = new Set<string>();
  for (const file of files) {
    const own = named.get(file.file);
    const at = memoKey(file);
    seen.add(at);
    const kept = own === undefined && file.collection !== 'clients' ? memo?.get(at) : undefined;
    const result = kept?.key === key ? kept : check(file, [...(own ?? [])]);
    memo?.set(at, result);
    problems.push(...result.problems);
    if (result.data === undefined || file.parsed === undefined) continue;
    const entry: Entry<unknown> = {
      id: file.id,
      file: file.file,
      absolutePath: file.absolutePath,
      data: result.data,
      frontmatterBlock: file.parsed.frontmatterBlock,
      body: file.parsed.body,
      text: file.text,
      hash: file.hash,
    };
    (content[file.collection] as Entry<unknown>[]).push(entry);
  }
  // Files that changed or went: their old results would only grow the memo.
  if (memo) for (const at of memo.keys()) if (!seen.has(at)) memo.delete(at);
  return { content, problems: sortProblems(problems), checkedCaptures };
};
