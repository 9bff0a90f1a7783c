/**
 * The rule of a written `since` where captures decide the cell (FORMAT.md, a client's `support`):
 * every captured version from `since` to `version` behaves as the verdict says, and the captured
 * version just before `since`, if any, does not. The captures are the ones the verdict's notes cite
 * of this client, judged as the build judges them (src/lib/cells/cell-observations.ts), and every
 * other capture of this client in the same face: an older capture in the project that already
 * shows the behaviour contradicts a later `since` whether or not a note cites it. A feature's
 * captures are judged by the lab's judges (src/lib/scenarios), as its cell on the feature pages is;
 * where they decide the cell, those pages show their runs and never the written `since`, so one they
 * contradict would otherwise go unseen.
 */
import { verdictStates, type VerdictState } from '../../schema/verdict.ts';
import { isRecord } from '../mcp/json.ts';
import { cellObservations, featureObservations } from '../cells/cell-observations.ts';
import { sinceContradiction } from '../cells/version-runs.ts';
import type { Capture } from '../evidence/capture.ts';
import type { VerdictProblem } from './verdicts.ts';

const states = new Set<string>(verdictStates);

/** The capture ids a note's frontmatter, as written, cites as sources (the state rule reads them too). */
export const citedCaptures = (note: unknown): string[] =>
  isRecord(note) && Array.isArray(note['sources'])
    ? note['sources'].flatMap((source: unknown) =>
        isRecord(source) && typeof source['capture'] === 'string' ? [source['capture']] : [],
      )
    : [];

/** Per note id, the captures its frontmatter cites, from every capture by id: what the rules judge a verdict by. */
export const capturesCitedIn =
  (notes: ReadonlyMap<string, unknown>, captures: ReadonlyMap<string, Capture>) =>
  (note: string): Capture[] =>
    citedCaptures(notes.get(note)).flatMap((id) => captures.get(id) ?? []);

/** The revision or capability a verdict is about, as cellObservations takes it; none for a feature's verdict. */
export const verdictAxis = (verdict: Record<string, unknown>): { revision: string } | { capability: string } | undefined =>
  typeof verdict['revision'] === 'string'
    ? { revision: verdict['revision'] }
    : typeof verdict['capability'] === 'string'
      ? { capability: verdict['capability'] }
      : undefined;

/** A rule of a client's `support` against the notes (by id, frontmatter as written) and every capture (by id). */
export type SupportRule = (
  clientId: string,
  support: unknown,
  notes: ReadonlyMap<string, unknown>,
  captures: ReadonlyMap<string, Capture>,
) => VerdictProblem[];

/** Each written `since` of a client's `support` that the captures its notes cite contradict. */
export const sinceProblems: SupportRule = (clientId, support, notes, captures) => {
  if (!Array.isArray(support)) return [];
  const capturesOf = capturesCitedIn(notes, captures);
  const ofClient = [...captures.values()].filter((capture) => capture.header.client === clientId);
  return support.flatMap((verdict: unknown, index): VerdictProblem[] => {
    if (!isRecord(verdict)) return [];
    const { since, version, state, feature } = verdict;
    if (typeof since !== 'string' || typeof state !== 'string' || !states.has(state)) return [];
    if (!Array.isArray(verdict['notes'])) return [];
    const notes = verdict['notes'].filter((note): note is string => typeof note === 'string');
    const axis = verdictAxis(verdict);
    const observations =
      axis !== undefined
        ? cellObservations({
            client: clientId,
            verdict: { ...axis, state: state as VerdictState, notes },
            capturesOf,
            others: ofClient,
          })
        : typeof feature === 'string'
          ? featureObservations({ client: clientId, feature, notes, capturesOf, others: ofClient })
          : [];
    const wrong = sinceContradiction(observations, {
      state: state as VerdictState,
      since,
      version: typeof version === 'string' ? version : undefined,
    });
    return wrong === undefined ? [] : [{ path: ['support', index, 'since'], message: `the captures contradict it: ${wrong}` }];
  });
};
