/**
 * The rule of a feature verdict's written `state` where captures decide the cell (FORMAT.md, a
 * client's `support`): it must be the state of the cell's newest captured run. The runs are made as
 * the feature pages make them (src/lib/cells/feature-cells.ts): the captures the verdict's notes
 * cite of this client, judged by the lab's judges, a run per face. A verdict that says what no
 * capture shows (Qwen Code's `tools.inputSchema.unchanged` written `no` while its newest capture
 * shows the schema unchanged) is refused, so a page never shows a state its own runs contradict.
 */
import { isRecord } from '../mcp/json.ts';
import { faceOf } from '../evidence/capture-face.ts';
import { capturedFacts, faceLabel } from '../cells/cell-observations.ts';
import type { Capture } from '../evidence/capture.ts';
import { citedCaptures } from './since-rules.ts';
import { facedRuns, formatRuns, newestDecided, type FacedObservation } from '../cells/version-runs.ts';
import type { VerdictProblem } from './verdicts.ts';

/** Each feature verdict of a client's `support` whose written state is not the state of its newest captured run. */
export const stateProblems = (
  clientId: string,
  support: unknown,
  notes: ReadonlyMap<string, unknown>,
  captures: ReadonlyMap<string, Capture>,
): VerdictProblem[] => {
  if (!Array.isArray(support)) return [];
  return support.flatMap((verdict: unknown, index): VerdictProblem[] => {
    if (!isRecord(verdict) || typeof verdict['feature'] !== 'string' || !Array.isArray(verdict['notes'])) return [];
    const { feature, state } = verdict;
    if (typeof state !== 'string') return [];
    const cited = new Map<string, Capture>();
    for (const note of verdict['notes'])
      for (const id of citedCaptures(notes.get(String(note)))) {
        const capture = captures.get(id);
        if (capture?.header.client === clientId) cited.set(id, capture);
      }
    const observations = [...cited.values()].flatMap((capture): FacedObservation[] =>
      capturedFacts(capture).flatMap((fact) =>
        fact.feature === feature
          ? [{ version: capture.header.version, state: fact.state, capture: capture.id, face: faceLabel(faceOf(capture)) }]
          : [],
      ),
    );
    const runs = facedRuns(observations);
    const newest = newestDecided(runs);
    if (newest.length === 0 || newest.some((run) => run.state === state)) return [];
    const shown = [...new Set(newest.map((run) => run.state))].join(' or ');
    return [
      {
        path: ['support', index, 'state'],
        message: `the captures its notes cite show ${shown} at the newest version they decide, not ${state} (runs: ${formatRuns(runs)}): write the state the wire shows, or cite the captures that show otherwise`,
      },
    ];
  });
};
