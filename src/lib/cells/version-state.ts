/**
 * A client version's state by a cell's version runs: the one answer to "which state holds at
 * version v" that the data package's lookup and the feature status read. A version no run covers,
 * and a run that was not observed, are unknown, never no.
 */
import type { CellState } from '../../schema/index.ts';
import { compareVersions } from '../evidence/versions.ts';
import type { FeatureCell, VersionRange } from './feature-cells.ts';

/** The cell fields a state at a version reads. */
export type RunsOf = Pick<FeatureCell, 'ranges'>;

/** The run a version falls in (from its first to its last captured version, both included), if any. */
export const runAt = (ranges: readonly VersionRange[], version: string): VersionRange | undefined =>
  ranges.find((run) => {
    const after = compareVersions(version, run.from);
    const before = compareVersions(version, run.to ?? run.from);
    return after !== undefined && before !== undefined && after >= 0 && before <= 0;
  });

const known = (state: VersionRange['state'] | undefined): CellState =>
  state === undefined || state === 'not-observed' ? 'unknown' : state;

/** A cell's state at one client version: its run's state, and unknown where no run covers the version. */
export const stateAt = (cell: RunsOf, version: string): CellState => known(runAt(cell.ranges, version)?.state);

/** The newest run of a cell, where it has runs, and its state. */
export const newestRun = (ranges: readonly VersionRange[]): { run: VersionRange; state: CellState } | undefined => {
  const run = [...ranges].sort((a, b) => compareVersions(a.to ?? a.from, b.to ?? b.from) ?? 0).at(-1);
  return run === undefined ? undefined : { run, state: known(run.state) };
};
