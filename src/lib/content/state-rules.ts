/**
 * The rule of a feature verdict's written `state` where captures decide the cell (FORMAT.md, a
 * client's `support`): it must be the state of the cell's newest captured run. The runs are the
 * feature pages' own (buildFeatureCells, src/lib/cells/feature-cells.ts): the captures the
 * verdict's notes cite of this client and the client's other captures in their faces, judged by
 * the lab's judges, a run per face. A verdict that says what no capture shows (Qwen Code's
 * `tools.inputSchema.unchanged` written `no` while its newest capture shows the schema unchanged)
 * is refused, so a page never shows a state its own runs contradict.
 */
import { verdictStates, type Verdict, type VerdictState } from '../../schema/verdict.ts';
import type { Capture } from '../evidence/capture.ts';
import { isRecord } from '../mcp/json.ts';
import { capturedFacts, cellObservations } from '../cells/cell-observations.ts';
import { buildFeatureCells, capturedVersion } from '../cells/feature-cells.ts';
import { capturesCitedIn, citedCaptures, verdictAxis, type SupportRule } from './since-rules.ts';
import { formatRuns, newestDecided, versionRuns, type CountedRun } from '../cells/version-runs.ts';
import type { VerdictProblem } from './verdicts.ts';

const states = new Set<string>(verdictStates);

/** Each feature verdict of a client's `support` whose written state is not the state of its newest captured run. */
export const stateProblems: SupportRule = (clientId, support, notes, captures) => {
  if (!Array.isArray(support)) return [];
  const ofClient = [...captures.values()].filter((capture) => capture.header.client === clientId);
  const asCaptured = new Map(ofClient.map((capture) => [capture.id, capturedVersion(capture)]));
  const facts = new Map(ofClient.map((capture) => [capture.id, capturedFacts(capture)]));
  return support.flatMap((verdict: unknown, index): VerdictProblem[] => {
    if (isRecord(verdict) && verdict['setting'] === undefined && verdict['evidence'] === undefined) {
      const axis = verdictAxis(verdict);
      if (axis !== undefined) return axisStateProblems(clientId, verdict, axis, index, capturesCitedIn(notes, captures), ofClient);
    }
    if (!isRecord(verdict) || typeof verdict['feature'] !== 'string' || !Array.isArray(verdict['notes'])) return [];
    const { feature, state } = verdict;
    if (typeof state !== 'string' || !states.has(state)) return [];
    const noteIds = verdict['notes'].map(String);
    const noteCaptures = new Map(
      noteIds.map((note) => [
        note,
        citedCaptures(notes.get(note)).flatMap((id) => {
          const capture = asCaptured.get(id);
          return capture === undefined ? [] : [capture];
        }),
      ]),
    );
    const [cell] = buildFeatureCells({
      features: [{ id: feature }],
      clients: [{ id: clientId, data: { support: [{ feature, state, notes: noteIds } as Verdict] } }],
      noteCaptures,
      captures: [...asCaptured.values()],
      facts,
    });
    // A cell no capture decides has the verdict's own run, whose state is the written one.
    const runs = cell?.captures.length === 0 ? [] : (cell?.ranges ?? []);
    return newestContradicts(runs, state, index);
  });
};

/**
 * The same rule for a revision or capability verdict at the client's defaults: its written state is
 * the state of the newest captured version its notes' captures (and the client's other captures in
 * their face) decide, as the matrix reads them. MCP Inspector's roots verdict, written at 1.0.3, said
 * no while 2.0.0 and later declare roots.
 */
const axisStateProblems = (
  clientId: string,
  verdict: Record<string, unknown>,
  axis: { revision: string } | { capability: string },
  index: number,
  capturesOf: (note: string) => Capture[],
  ofClient: readonly Capture[],
): VerdictProblem[] => {
  const { state } = verdict;
  if (typeof state !== 'string' || !states.has(state) || !Array.isArray(verdict['notes'])) return [];
  const runs = versionRuns(
    cellObservations({
      client: clientId,
      verdict: { ...axis, state: state as VerdictState, notes: verdict['notes'].map(String) },
      capturesOf,
      others: ofClient,
    }),
  );
  return newestContradicts(runs, state, index);
};

/** The problem of a written state that none of the newest decided runs shows; none where one does, or none decided. */
const newestContradicts = (runs: readonly CountedRun[], state: string, index: number): VerdictProblem[] => {
  const newest = newestDecided(runs);
  if (newest.length === 0 || newest.some((run) => run.state === state)) return [];
  const shown = [...new Set(newest.map((run) => run.state))].join(' or ');
  return [
    {
      path: ['support', index, 'state'],
      message: `the captures its notes cite show ${shown} at the newest version they decide, not ${state} (runs: ${formatRuns(runs)}): write the state the wire shows, or cite the captures that show otherwise`,
    },
  ];
};
