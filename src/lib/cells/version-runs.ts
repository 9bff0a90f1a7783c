/**
 * Version runs: what a cell's captures show, version by version. Consecutive captured versions of a
 * client that behave the same form one run, oldest first, so a behaviour that came, went and came
 * back shows each run (FORMAT.md, a client's `support`), and a run that starts at the oldest
 * captured version says so: nothing older was captured, so it holds "since at least" that version,
 * never "since" it. Versions between two captured ones are not captured, and a run never claims them.
 */
import type { VerdictState } from '../../schema/index.ts';
import { compareVersions } from '../evidence/versions.ts';

/** One capture's judgement of one cell: the client version it was made with, and what it showed. */
export interface Observation {
  version: string;
  state: VerdictState;
  /** The capture's id. */
  capture: string;
}

/** Consecutive captured versions with the same state; `to` is absent where the run is one version. */
export interface VersionRun {
  from: string;
  to?: string;
  state: VerdictState;
  /** Set where `from` is the oldest version captured for this cell: the behaviour may be older still. */
  fromIsOldestCaptured?: true;
  /** The captures behind the run, oldest version first. */
  captures: string[];
}

/** A run as the exports carry it (its versions and state, not its captures), for labels read back from them. */
export interface RunRange {
  from: string;
  to?: string | undefined;
  state: VerdictState;
  fromIsOldestCaptured?: true | undefined;
}

/** Published versions strictly between two captured ones: what was released and never captured. */
export interface UncapturedGap {
  after: string;
  before: string;
  /** The published versions in between, oldest first; absent where the published list is unknown. */
  versions?: string[];
}

/** Versions in release order; a version that cannot be compared keeps its place after those that can. */
const byVersion = (a: string, b: string): number => compareVersions(a, b) ?? (a < b ? -1 : a > b ? 1 : 0);

/**
 * The state of one version from its captures. Captures of the same version that disagree (one
 * face's retry, one run that stalled) show a version that does so only sometimes: `partial`.
 */
const stateOfVersion = (states: readonly VerdictState[]): VerdictState =>
  states.every((state) => state === states[0]) ? (states[0] as VerdictState) : 'partial';

/** One captured version, its state and the captures that show it. */
export interface VersionState {
  version: string;
  state: VerdictState;
  captures: string[];
}

/** Each captured version once (`0.210` and `0.210.0` are one), oldest first, with its state. */
export const versionStates = (observations: readonly Observation[]): VersionState[] => {
  const versions = new Map<string, Observation[]>();
  for (const observation of observations) {
    const same = [...versions.keys()].find((known) => compareVersions(known, observation.version) === 0);
    const key = same ?? observation.version;
    versions.set(key, [...(versions.get(key) ?? []), observation]);
  }
  return [...versions.entries()]
    .sort(([a], [b]) => byVersion(a, b))
    .map(([version, seen]) => ({
      version,
      state: stateOfVersion(seen.map((item) => item.state)),
      captures: [...new Set(seen.map((item) => item.capture))].sort(),
    }));
};

/** A cell's runs from its observations, oldest first (an empty list where nothing was observed). */
export const versionRuns = (observations: readonly Observation[]): VersionRun[] => {
  const runs: VersionRun[] = [];
  for (const { version, state, captures } of versionStates(observations)) {
    const last = runs.at(-1);
    if (last !== undefined && last.state === state) {
      last.to = version;
      last.captures.push(...captures);
    } else {
      runs.push({ from: version, state, captures: [...captures] });
    }
  }
  const first = runs[0];
  if (first !== undefined) first.fromIsOldestCaptured = true;
  return runs;
};

/**
 * The gaps between captured versions: each pair of neighbours with the published versions between
 * them where the client's releases are known (a pair with none between is adjacent, not a gap), or
 * every pair where they are not.
 */
export const uncapturedGaps = (observations: readonly Observation[], published?: readonly string[]): UncapturedGap[] => {
  const captured = versionStates(observations).map((item) => item.version);
  const gaps: UncapturedGap[] = [];
  for (let index = 1; index < captured.length; index += 1) {
    const after = captured[index - 1] as string;
    const before = captured[index] as string;
    if (published === undefined) {
      gaps.push({ after, before });
      continue;
    }
    const between = [...new Set(published)]
      .filter((version) => compareVersions(version, after) === 1 && compareVersions(version, before) === -1)
      .sort(byVersion);
    if (between.length > 0) gaps.push({ after, before, versions: between });
  }
  return gaps;
};

/** A run's versions: `0.77.0`, or `0.120.0–0.171.0`. */
export const runVersions = (run: Pick<RunRange, 'from' | 'to'>): string =>
  run.to === undefined ? run.from : `${run.from}–${run.to}`;

/** Runs for pages and twins, oldest first: `0.77.0: yes · 0.118.0: no · 0.120.0–0.171.0: yes`. */
export const formatRuns = (runs: readonly RunRange[]): string =>
  runs.map((run) => `${runVersions(run)}: ${run.state}`).join(' · ');

/**
 * A cell's versions in a few words, from its runs: one run in the verdict's state is "since at
 * least <oldest> (oldest captured)"; runs that differ are each shown; none gives undefined (the
 * caller falls back to the written `since` or `version`).
 */
export const runsLabel = (runs: readonly RunRange[], state: string): string | undefined => {
  const [only] = runs;
  if (only === undefined) return undefined;
  if (runs.length === 1 && only.state === state) return `since at least ${only.from} (oldest captured)`;
  return formatRuns(runs);
};

/** What "not captured" means beside runs, for legends and cell details. */
export const notCapturedMeaning =
  'versions between two captured ones were not captured: a run says nothing of them, and nothing older than the oldest captured version was seen';

/**
 * Whether a written `since` agrees with the runs (FORMAT.md): every captured version from `since`
 * to `version` behaves as `state`, and the captured version just before `since`, if any, does not.
 * Undefined where it agrees, else what contradicts it.
 */
export const sinceContradiction = (
  observations: readonly Observation[],
  verdict: { state: VerdictState; since: string; version?: string | undefined },
): string | undefined => {
  const states = versionStates(observations);
  const runs = `runs: ${formatRuns(versionRuns(observations))}`;
  const upTo = verdict.version;
  const wrong = states.find(
    (item) =>
      byVersion(item.version, verdict.since) >= 0 &&
      (upTo === undefined || byVersion(item.version, upTo) <= 0) &&
      item.state !== verdict.state,
  );
  if (wrong !== undefined) {
    return `captured ${wrong.version} shows ${wrong.state}, not ${verdict.state}, between ${verdict.since} and ${upTo ?? 'the newest captured'} (${runs})`;
  }
  const beforeAt = states.findLastIndex((item) => byVersion(item.version, verdict.since) < 0);
  if (beforeAt >= 0 && states[beforeAt]?.state === verdict.state) {
    let first = beforeAt;
    while (first > 0 && states[first - 1]?.state === verdict.state) first -= 1;
    const oldest = states[first]?.version ?? verdict.since;
    return `captured ${states[beforeAt]?.version ?? ''}, older than ${verdict.since}, already shows ${verdict.state}: write since "${oldest}"${first === 0 ? ' (the oldest captured: pages say "since at least")' : ''} (${runs})`;
  }
  return undefined;
};
