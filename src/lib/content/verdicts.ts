import { isRecord } from '../mcp/json.ts';
import { verdictAxes, writtenEvidenceKinds } from '../../schema/verdict.ts';
import type { CitesCapture } from '../cells/evidence-kind.ts';
import { didYouMean } from './suggest.ts';

/** The ids that exist, by what verdicts refer to. */
export interface KnownIds {
  research: ReadonlySet<string>;
  revisions: ReadonlySet<string>;
  capabilities: ReadonlySet<string>;
  features: ReadonlySet<string>;
}

/** A problem with a client's `support`, at a path inside the client's frontmatter. */
export interface VerdictProblem {
  path: (string | number)[];
  message: string;
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

const noteField = { revision: 'specVersions', capability: 'capabilities', feature: 'features' } as const;

/** A path that names lines: `a.py:10-20`, `CHANGELOG.md:22, 81`, `a.ts:1-5; b.ts:9`. */
export const namesLines = (path: unknown): boolean => typeof path === 'string' && /:\s*\d/.test(path);

const webSources = (note: unknown): Record<string, unknown>[] =>
  isRecord(note) && Array.isArray(note['sources'])
    ? note['sources'].filter((source): source is Record<string, unknown> => isRecord(source) && typeof source['url'] === 'string')
    : [];

/**
 * Whether the cited notes carry a source of the kind a verdict claims: `read` needs the client's code
 * at a pinned commit with a path and lines; `documented` and `reported` need a dated web source.
 */
const evidenceProblem = (kind: string, cited: readonly unknown[]): string | undefined => {
  const sources = cited.flatMap(webSources);
  if (kind === 'read' && !sources.some((source) => typeof source['commit'] === 'string' && namesLines(source['path'])))
    return 'evidence is read, but no note behind this verdict cites code at a pinned commit with its lines (a source with commit and path: "file.ts:10-20")';
  if ((kind === 'documented' || kind === 'reported') && !sources.some((source) => typeof source['date'] === 'string'))
    return `evidence is ${kind}, but no note behind this verdict cites a dated web source (url, title, date)`;
  return undefined;
};

/** The three written kinds as a sentence's list, with what each needs. */
const kindChoices = `${writtenEvidenceKinds.join(', ')}`;

/**
 * The rules of a client's verdicts that need other files: every id exists, and every note cited
 * names this client and the verdict's revision, capability or feature, and not all of them are
 * withdrawn; a verdict no capture of the client decides names its evidence kind, and no cell has two
 * verdicts of one kind. Reads the frontmatter as written (`support` may be partly invalid; the schema
 * reports that), and the notes' frontmatter as written, by id; `citesCapture` says which notes cite a
 * capture of which client.
 */
export const verdictProblems = (
  clientId: string,
  support: unknown,
  notes: ReadonlyMap<string, unknown>,
  ids: KnownIds,
  citesCapture: CitesCapture = () => false,
): VerdictProblem[] => {
  if (!Array.isArray(support)) return [];
  const problems: VerdictProblem[] = [];
  // Per cell (axis, id and setting): the first verdict observed through a capture, to refuse a second.
  const observedAt = new Map<string, { index: number; evidence: unknown }>();
  support.forEach((verdict: unknown, index) => {
    if (!isRecord(verdict)) return;
    const at = (...rest: (string | number)[]) => ['support', index, ...rest];
    const targets = verdictAxes.flatMap((axis) => {
      const id = verdict[axis];
      if (typeof id !== 'string') return [];
      const known = { revision: ids.revisions, capability: ids.capabilities, feature: ids.features }[axis];
      if (known.has(id)) return [{ axis, id }];
      problems.push({ path: at(axis), message: `unknown ${axis} ${JSON.stringify(id)}${didYouMean(id, known)}` });
      return [];
    });
    // With more than one or none given, the schema has said so already, and what the notes must name is unclear.
    const given = verdictAxes.filter((axis) => typeof verdict[axis] === 'string').length;
    const target = given === 1 ? targets[0] : undefined;
    const cited = Array.isArray(verdict['notes']) ? verdict['notes'] : [];
    const found: { id: string; status: unknown }[] = [];
    cited.forEach((noteId: unknown, position) => {
      if (typeof noteId !== 'string') return;
      if (!ids.research.has(noteId)) {
        problems.push({
          path: at('notes', position),
          message: `unknown note ${JSON.stringify(noteId)}${didYouMean(noteId, ids.research)}`,
        });
        return;
      }
      const note = notes.get(noteId);
      if (!isRecord(note)) return;
      found.push({ id: noteId, status: note['status'] });
      const named = strings(note['clients']);
      if (!named.includes(clientId)) {
        problems.push({
          path: at('notes', position),
          message: `note ${JSON.stringify(noteId)} does not name this client (${clientId}) in its clients${named.length > 0 ? `, only ${named.join(', ')}` : ''}`,
        });
      }
      if (target !== undefined) {
        const field = noteField[target.axis];
        const listed = strings(note[field]);
        if (!listed.includes(target.id)) {
          problems.push({
            path: at('notes', position),
            message: `note ${JSON.stringify(noteId)} does not name ${target.axis} ${JSON.stringify(target.id)} in its ${field}${listed.length > 0 ? `, only ${listed.join(', ')}` : ''}`,
          });
        }
      }
    });
    const kind = verdict['evidence'];
    if (typeof kind === 'string') {
      const problem = evidenceProblem(kind, found.map((note) => notes.get(note.id)));
      if (problem !== undefined) problems.push({ path: at('evidence'), message: problem });
    }
    const observed = found.some((note) => citesCapture(note.id, clientId));
    if (!observed && kind === undefined && found.length > 0)
      problems.push({
        path: at('evidence'),
        message: `required: no note behind this verdict cites a capture of ${clientId}, so say how it is known: ${kindChoices} (read: its code at a pinned commit and lines; documented: its maker's docs, dated; reported: a third party, dated)`,
      });
    if (observed && target !== undefined) {
      const setting = typeof verdict['setting'] === 'string' ? verdict['setting'] : '';
      const cell = `${target.axis}\0${target.id}\0${setting}`;
      const earlier = observedAt.get(cell);
      if (earlier === undefined) observedAt.set(cell, { index, evidence: kind });
      // Two that name the same kind (or none) are the schema's second verdict already.
      else if (earlier.evidence !== kind)
        problems.push({
          path: at('notes'),
          message: `a second observed verdict for ${target.axis} ${JSON.stringify(target.id)} (the first is support[${earlier.index}]): both cite a capture of ${clientId}, and one observed verdict decides a cell; merge them, or cite the other kind's sources in a note without a capture`,
        });
    }
    const withdrawn = found.filter((note) => note.status === 'superseded' || note.status === 'retracted');
    if (withdrawn.length > 0 && withdrawn.length === cited.length) {
      problems.push({
        path: at('notes'),
        message: `every note behind this verdict is superseded or retracted (${withdrawn.map((note) => `${note.id}: ${String(note.status)}`).join(', ')}): its evidence is gone; cite a current note`,
      });
    }
  });
  return problems;
};
