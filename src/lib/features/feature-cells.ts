/**
 * A feature cell as `/data/features.json` publishes it (FORMAT.md), and what a client version's
 * state is by its version runs. The data package, the server check and the feature status all read
 * cells through here, so "which state holds at version v" has one answer.
 */
import { compareVersions } from '../content/versions.ts';

/** A cell's state; `unknown` is never `no`. */
export type FeatureState = 'yes' | 'partial' | 'no' | 'unknown';

/** One run of captured versions that behaved alike, oldest first. */
export interface VersionRun {
  from: string;
  to?: string;
  state: 'yes' | 'partial' | 'no';
  /** Nothing older than `from` was captured: the behaviour is known since at least `from`. */
  fromIsOldestCaptured?: boolean;
}

/** One client × feature cell. */
export interface FeatureCell {
  feature: string;
  client: string;
  state: FeatureState;
  ranges: readonly VersionRun[];
  evidence?: 'observed' | 'read';
  caveat?: string;
  notes: readonly string[];
  captures: readonly string[];
}

/** The run a version falls in (from its first to its last captured version, both included), if any. */
export const runAt = (ranges: readonly VersionRun[], version: string): VersionRun | undefined =>
  ranges.find((run) => {
    const after = compareVersions(version, run.from);
    const before = compareVersions(version, run.to ?? run.from);
    return after !== undefined && before !== undefined && after >= 0 && before <= 0;
  });

/** A cell's state at one client version: its run's state, and unknown where no run covers the version. */
export const stateAt = (cell: Pick<FeatureCell, 'ranges'>, version: string): FeatureState =>
  runAt(cell.ranges, version)?.state ?? 'unknown';

/** The newest run of a cell, where it has runs. */
export const newestRun = (ranges: readonly VersionRun[]): VersionRun | undefined =>
  [...ranges].sort((a, b) => compareVersions(a.to ?? a.from, b.to ?? b.from) ?? 0).at(-1);
