/**
 * When a feature's status changed, replayed from the verdict history: each commit that changed a
 * core client's cell of a feature may move that feature's status, and each move is one entry of the
 * status feed. History cells carry a state, not version runs, so the replay judges each cell by the
 * state its verdict had after that commit.
 */
import { featureStatus, type FeatureStatus } from './feature-status.ts';
import type { FeatureCell } from './feature-cells.ts';
import type { CellState } from '../../schema/index.ts';

/** One change of one feature cell, as the verdict history records it. */
export interface FeatureCellChange {
  client: string;
  feature: string;
  state: CellState;
  commit: string;
  /** ISO 8601. */
  date: string;
}

/** A feature's status moving from one value to another at a commit. */
export interface StatusChange {
  feature: string;
  from: FeatureStatus;
  to: FeatureStatus;
  commit: string;
  date: string;
}

/** Every status change, newest first, from cell changes in any order. */
export const statusChanges = (changes: readonly FeatureCellChange[], core: readonly string[]): StatusChange[] => {
  const ordered = [...changes].sort((a, b) => a.date.localeCompare(b.date));
  const cells = new Map<string, FeatureCell>();
  const status = new Map<string, FeatureStatus>();
  const out: StatusChange[] = [];
  const coreSet = new Set(core);
  for (let index = 0; index < ordered.length;) {
    const commit = ordered[index]?.commit;
    const touched = new Set<string>();
    for (; index < ordered.length && ordered[index]?.commit === commit; index += 1) {
      const change = ordered[index] as FeatureCellChange;
      cells.set(`${change.client}\u0000${change.feature}`, {
        feature: change.feature,
        client: change.client,
        state: change.state,
        ranges: [],
        notes: [],
        captures: [],
      });
      if (coreSet.has(change.client)) touched.add(change.feature);
    }
    for (const feature of [...touched].sort()) {
      const now = featureStatus(
        feature,
        [...cells.values()].filter((cell) => cell.feature === feature),
        core,
      ).status;
      const before = status.get(feature) ?? 'unknown';
      if (now !== before)
        out.push({
          feature,
          from: before,
          to: now,
          commit: commit as string,
          date: (ordered[index - 1] as FeatureCellChange).date,
        });
      status.set(feature, now);
    }
  }
  return out.reverse();
};
