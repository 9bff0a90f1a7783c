/**
 * `npm run probe -- draft <capture.jsonl> [--note FILE]`: prints the facts a capture establishes
 * (each with its event `seq`), the verdict proposals it supports, and a note draft citing it; with
 * `--note`, writes the draft there instead of printing it (never over an existing file).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseFile } from '../lib/content/frontmatter.ts';
import { formatProblem } from '../lib/content/problems.ts';
import { contentDir } from '../node/paths.ts';
import { draftOf } from '../lib/lab/draft.ts';
import { isRecord } from '../lib/mcp/json.ts';
import { clientIds, readCapture } from './read-capture.ts';
import { buildDate } from '../node/environment.ts';

const idsIn = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.md'))
        .map((name) => name.slice(0, -'.md'.length))
        .sort()
    : [];

/** A client's `support` entries, as its file writes them. */
const supportOf = (content: string, client: string) => {
  const file = path.join(content, 'clients', `${client}.md`);
  const data = existsSync(file) ? parseFile(readFileSync(file, 'utf8'))?.data : undefined;
  return (isRecord(data) && Array.isArray(data['support']) ? (data['support'] as unknown[]) : []).filter(isRecord);
};

/** A client's published verdicts on features, read from its file's `support`. */
const featureVerdictsOf = (content: string, client: string) =>
  supportOf(content, client).flatMap((entry) =>
    typeof entry['feature'] === 'string' && typeof entry['state'] === 'string'
      ? [
          {
            feature: entry['feature'],
            state: entry['state'],
            version: typeof entry['version'] === 'string' ? entry['version'] : undefined,
          },
        ]
      : [],
  );

/** A client's published verdicts on revisions, read from its file's `support`. */
const verdictsOf = (content: string, client: string) => {
  const support = supportOf(content, client);
  return support.flatMap((entry) =>
    typeof entry['revision'] === 'string' && typeof entry['state'] === 'string'
      ? [
          {
            revision: entry['revision'],
            state: entry['state'],
            version: typeof entry['version'] === 'string' ? entry['version'] : undefined,
          },
        ]
      : [],
  );
};

/** Runs `draft`; the exit code is 1 where the capture does not pass the capture rules. */
export const runDraft = (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({ args: [...argv], options: { note: { type: 'string' } }, allowPositionals: true });
  const [file] = positionals;
  if (file === undefined) throw new Error('draft: expected a capture file, e.g. content/captures/<id>.jsonl');
  const content = contentDir();
  const { capture, problems } = readCapture(path.resolve(file), clientIds(content));
  if (capture === undefined) {
    for (const problem of problems) console.error(formatProblem(problem));
    return Promise.resolve(1);
  }
  const draft = draftOf(capture, {
    today: buildDate(),
    revisions: idsIn(path.join(content, 'revisions')),
    capabilities: idsIn(path.join(content, 'capabilities')),
    verdicts: verdictsOf(content, capture.header.client),
    featureVerdicts: featureVerdictsOf(content, capture.header.client),
  });
  const out: string[] = [`# Facts of ${capture.id} (sha256 ${capture.sha256})`, ...draft.facts, ''];
  out.push(`# Proposed support entries for content/clients/${capture.header.client}.md`);
  out.push(...(draft.proposals.length > 0 ? draft.proposals : ['(none)']));
  out.push(`# Proposed feature entries for content/clients/${capture.header.client}.md (from npm run probe -- facts)`);
  out.push(...(draft.featureProposals.length > 0 ? draft.featureProposals : ['(none)']));
  for (const line of draft.inconclusive) out.push(`# Not conclusive: ${line}`);
  for (const line of draft.disagreements) out.push(`# Disagreement: ${line}`);
  out.push('');
  if (values.note !== undefined) {
    const target = path.resolve(values.note);
    if (existsSync(target)) throw new Error(`${values.note} exists already: the draft is never written over a file`);
    writeFileSync(target, draft.note, { flag: 'wx' });
    out.push(`# Note draft written to ${path.relative(process.cwd(), target)}: write its title and summary, then npm run check`);
  } else {
    out.push(`# Note draft (content/research/${draft.noteId}.md): write its title and summary, then npm run check`, draft.note);
  }
  process.stdout.write(`${out.join('\n')}\n`);
  return Promise.resolve(0);
};
