/**
 * When a feature's status changed, replayed from the verdict history: each commit that changed a
 * core client's cell of a feature may move that feature's status, and each move is one entry of the
 * status feed. History cells carry a state, not version runs, so the replay judges each cell by the
 * state its verdict had after that commit. A move is dated by the release that made it so: the
 * newest release among the core cells' versions that commit wrote, where the release list knows it.
 */
import { featureStatus, type FeatureStatus } from './feature-status.ts';
import type { FeatureCell } from './feature-cells.ts';
import type { CellState } from '../../schema/index.ts';

/** One change of one feature cell, as the verdict history records it. */
export interface FeatureCellChange {
  client: string;
  feature: string;
  state: CellState;
  /** The client version the verdict names after the change, where it names one. */
  version?: string;
  commit: string;
  /** ISO 8601. */
  date: string;
}

/** The release a status move is dated by: a core client's version and when it was published (ISO 8601). */
export interface StatusRelease {
  client: string;
  version: string;
  date: string;
}

/** A feature's status moving from one value to another at a commit. */
export interface StatusChange {
  feature: string;
  from: FeatureStatus;
  to: FeatureStatus;
  commit: string;
  /** The commit's date. */
  date: string;
  /** The release that made it so, where a core cell the commit changed names a version its release list dates. */
  released?: StatusRelease;
}

/** Every status change, newest first, from cell changes in any order. */
export const statusChanges = (
  changes: readonly FeatureCellChange[],
  core: readonly string[],
  releaseTime: (client: string, version: string) => string | undefined = () => undefined,
): StatusChange[] => {
  const ordered = [...changes].sort((a, b) => a.date.localeCompare(b.date));
  const cells = new Map<string, FeatureCell>();
  const status = new Map<string, FeatureStatus>();
  const out: StatusChange[] = [];
  const coreSet = new Set(core);
  for (let index = 0; index < ordered.length;) {
    const commit = ordered[index]?.commit;
    const touched = new Set<string>();
    const releases = new Map<string, StatusRelease[]>();
    for (; index < ordered.length && ordered[index]?.commit === commit; index += 1) {
      const change = ordered[index] as FeatureCellChange;
      const time = change.version === undefined ? undefined : releaseTime(change.client, change.version);
      if (coreSet.has(change.client) && change.version !== undefined && time !== undefined)
        releases.set(change.feature, [
          ...(releases.get(change.feature) ?? []),
          { client: change.client, version: change.version, date: time },
        ]);
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
      const released = (releases.get(feature) ?? []).sort((a, b) => b.date.localeCompare(a.date))[0];
      if (now !== before)
        out.push({
          feature,
          from: before,
          to: now,
          commit: commit as string,
          date: (ordered[index - 1] as FeatureCellChange).date,
          ...(released === undefined ? {} : { released }),
        });
      status.set(feature, now);
    }
  }
  return out.reverse();
};
