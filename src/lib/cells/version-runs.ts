/**
 * Version runs: what a cell's captures show, version by version. Consecutive captured versions of a
 * client that behave the same form one run, oldest first, so a behaviour that came, went and came
 * back shows each run (FORMAT.md, a client's `support`), and a run that starts at the oldest
 * captured version says so: nothing older was captured, so it holds "since at least" that version,
 * never "since" it. Versions between two captured ones are not captured, and a run never claims them.
 */
import type { FactState, VerdictState } from '../../schema/index.ts';
import { listsRelease, releaseDay, releasesOf, releasesWithin, type ReleaseTimes } from '../evidence/releases.ts';
import { compareVersions } from '../evidence/versions.ts';

/** One capture's judgement of one cell: the client version it was made with, and what it showed. */
export interface Observation {
  version: string;
  /** A verdict's state, or `not-observed` where the capture was made but decided nothing. */
  state: FactState;
  /** The capture's id. */
  capture: string;
}

/** An observation with the face of the capture that made it, in words (`faceLabel`). */
export interface FacedObservation extends Observation {
  face: string;
}

/**
 * Consecutive captured versions with the same state. `to` is the newest captured version of the run,
 * `from` itself where it is one version, so a run never reads as "from here on" (FORMAT.md).
 */
export interface VersionRun {
  from: string;
  to: string;
  state: FactState;
  /** Every version captured inside the run, oldest first, `from` and `to` included: the others were not captured. */
  captured: string[];
  /** Set where `from` is the oldest version captured for this cell: the behaviour may be older still. */
  fromIsOldestCaptured?: true;
  /**
   * The face (its command, path and transport in words) of a run that another face's capture made
   * (it showed another state inside one of the cell's runs, which is split around it), and of every
   * run of a cell whose own captures come from more than one face.
   */
  face?: string;
  /** The captures behind the run, oldest version first. */
  captures: string[];
}

/** A run as the exports carry it (its versions and state, not its captures), for labels read back from them. */
export interface RunRange {
  from: string;
  to: string;
  /** A verdict's state, or `not-observed` where a run was captured but undecided. */
  state: FactState;
  captured: readonly string[];
  fromIsOldestCaptured?: true | undefined;
  face?: string | undefined;
  /** The day `from` was published (YYYY-MM-DD), where the client's release list says. */
  fromReleased?: string | undefined;
  /** The day `to` was published (YYYY-MM-DD), where the client's release list says. */
  toReleased?: string | undefined;
}

/** Versions in release order; a version that cannot be compared keeps its place after those that can. */
const byVersion = (a: string, b: string): number => compareVersions(a, b) ?? (a < b ? -1 : a > b ? 1 : 0);

/**
 * The state of one version from its captures. A capture that decided nothing gives way to one that
 * decided; captures of the same version that disagree (one face's retry, one run that stalled)
 * show a version that does so only sometimes: `partial`.
 */
const stateOfVersion = (all: readonly FactState[]): FactState => {
  const decided = all.filter((state) => state !== 'not-observed');
  const states = decided.length > 0 ? decided : all;
  return states.every((state) => state === states[0]) ? (states[0] as FactState) : 'partial';
};

/** One captured version, its state and the captures that show it. */
export interface VersionState {
  version: string;
  state: FactState;
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

/** A run while it is made: its captured versions with their captures, and the face that made it where not the cell's. */
interface Draft {
  state: FactState;
  items: VersionState[];
  face?: string;
}

/**
 * Splits the cell's own runs where a capture of another face shows another state at a version
 * inside one of them (captured in that face only, between two of the run's captured versions): the
 * run ends before it, that version is a run of its own naming its face, and the run goes on after
 * it. A capture of another command or scenario then never hides a change behind a run that spans
 * it; one that agrees, or one beside a version the cell's own face captured, changes nothing.
 */
const splitByOthers = (drafts: Draft[], others: readonly FacedObservation[]): Draft[] => {
  // A capture that decided nothing shows no other state.
  const decided = others.filter((item) => item.state !== 'not-observed');
  const seen = [...Map.groupBy(decided, (item) => item.face).entries()]
    .flatMap(([face, items]) => versionStates(items).map((item) => ({ item, face })))
    .sort((a, b) => byVersion(a.item.version, b.item.version));
  let result = drafts;
  for (const { item, face } of seen) {
    const at = result.findIndex(
      (draft) =>
        draft.face === undefined &&
        byVersion((draft.items[0] as VersionState).version, item.version) < 0 &&
        byVersion(item.version, (draft.items.at(-1) as VersionState).version) < 0 &&
        !draft.items.some((own) => compareVersions(own.version, item.version) === 0),
    );
    const draft = result[at];
    if (draft === undefined || draft.state === item.state) continue;
    result = [
      ...result.slice(0, at),
      { state: draft.state, items: draft.items.filter((own) => byVersion(own.version, item.version) < 0) },
      { state: item.state, items: [item], face },
      { state: draft.state, items: draft.items.filter((own) => byVersion(own.version, item.version) > 0) },
      ...result.slice(at + 1),
    ];
  }
  return result;
};

/**
 * A cell's runs from its observations, oldest first (an empty list where nothing was observed). Each
 * run names every version captured inside it. `others` are observations of the same client in other
 * faces: where one shows another state inside a run, the run is split around it (splitByOthers).
 */
export const versionRuns = (observations: readonly Observation[], others: readonly FacedObservation[] = []): VersionRun[] => {
  const drafts: Draft[] = [];
  for (const item of versionStates(observations)) {
    const last = drafts.at(-1);
    if (last !== undefined && last.state === item.state) last.items.push(item);
    else drafts.push({ state: item.state, items: [item] });
  }
  return splitByOthers(drafts, others).map((draft, index): VersionRun => {
    const first = draft.items[0] as VersionState;
    return {
      from: first.version,
      to: (draft.items.at(-1) as VersionState).version,
      state: draft.state,
      captured: draft.items.map((item) => item.version),
      ...(index === 0 ? { fromIsOldestCaptured: true as const } : {}),
      ...(draft.face === undefined ? {} : { face: draft.face }),
      captures: draft.items.flatMap((item) => item.captures),
    };
  });
};

/**
 * A cell's runs from observations of possibly several faces: each face's own runs (a run never
 * joins captures of two commands or faces), in version order; where there is more than one face,
 * each run names its own. `others` split them as in versionRuns. No runs where no observation
 * decided anything.
 */
export const facedRuns = (observations: readonly FacedObservation[], others: readonly FacedObservation[] = []): VersionRun[] => {
  if (observations.every((item) => item.state === 'not-observed')) return [];
  const faces = Map.groupBy(observations, (item) => item.face);
  const named = faces.size > 1;
  // Another face's capture that splits the runs of several of the cell's faces is one run, shown once.
  const shown = new Set<string>();
  return [...faces.entries()]
    .flatMap(([face, items]) =>
      versionRuns(items, others).map((run): VersionRun =>
        named && run.face === undefined && face !== '' ? { ...run, face } : run,
      ),
    )
    .filter((run) => {
      const key = JSON.stringify([run.face, run.from, run.to, run.state, run.captures]);
      return shown.has(key) ? false : Boolean(shown.add(key));
    })
    .sort((a, b) => byVersion(a.from, b.from));
};

/**
 * The newest runs that decided something: those ending at the newest version any decided run
 * reaches (one per face that reaches it). A cell's written state must be theirs (FORMAT.md).
 */
export const newestDecided = <R extends Pick<RunRange, 'to' | 'state'>>(runs: readonly R[]): R[] => {
  const decided = runs.filter((run) => run.state !== 'not-observed');
  const newest = decided
    .map((run) => run.to)
    .sort(byVersion)
    .at(-1);
  return newest === undefined ? [] : decided.filter((run) => compareVersions(run.to, newest) === 0);
};

/**
 * Each run with the days its first and last versions were published, from the client's release
 * times; a run whose versions the list does not hold keeps the dates it had (an export read back).
 */
export const datedRuns = <R extends RunRange>(runs: readonly R[], times: ReleaseTimes | undefined): R[] =>
  runs.map((run) => {
    const from = releaseDay(times, run.from) ?? run.fromReleased;
    const to = releaseDay(times, run.to) ?? run.toReleased;
    return { ...run, ...(from === undefined ? {} : { fromReleased: from }), ...(to === undefined ? {} : { toReleased: to }) };
  });

/** A run with what the client's release list (content/releases/) says of the versions around it. */
export type CountedRun<R extends RunRange = RunRange> = R & {
  /** The releases from `from` to `to`, both included: the run captured `captured.length` of them. */
  releases?: number;
  /** The releases after the run before this one and before this one's `from`: none of them was captured. */
  notCapturedBefore?: number;
};

/**
 * Each run with the releases it spans and those released between it and the run before, from the
 * client's published versions. Runs are returned as given where the published list is unknown, or
 * where a run's versions are not in it (a version the registry no longer lists counts as unknown).
 */
export const countReleases = <R extends RunRange>(
  runs: readonly R[],
  published: readonly string[] | undefined,
  times?: ReleaseTimes,
): CountedRun<R>[] => {
  if (published === undefined) return times === undefined ? [...runs] : datedRuns(runs, times);
  const releases = releasesOf(
    published,
    runs.flatMap((run) => run.captured),
  );
  const known = (version: string) => listsRelease(releases, version);
  return datedRuns(runs, times).map((run, index) => {
    const previous = runs[index - 1];
    const counted: CountedRun<R> = { ...run };
    if (known(run.from) && known(run.to)) counted.releases = releasesWithin(releases, run.from, run.to, true).length;
    if (previous !== undefined && known(previous.to) && known(run.from) && byVersion(previous.to, run.from) < 0)
      counted.notCapturedBefore = releasesWithin(releases, previous.to, run.from, false).length;
    return counted;
  });
};

/** A run's versions: `0.77.0`, or `0.120.0–0.171.0`. */
export const runVersions = (run: Pick<RunRange, 'from' | 'to'>): string =>
  run.from === run.to || compareVersions(run.from, run.to) === 0 ? run.from : `${run.from}–${run.to}`;

/** `3 of 28 releases captured`, where the client's releases are known and the run left some uncaptured. */
const capturedWords = (run: CountedRun): string | undefined =>
  run.releases !== undefined && run.releases > run.captured.length
    ? `${run.captured.length} of ${run.releases} releases captured`
    : undefined;

/** `released 2026-03-12`, `released 2026-01-02 to 2026-02-03`, or `0.2.0 released 2026-01-02` where one end's day is unknown. */
export const releasedWords = (run: Pick<RunRange, 'from' | 'to' | 'fromReleased' | 'toReleased'>): string | undefined => {
  if (runVersions(run) === run.from) return run.fromReleased === undefined ? undefined : `released ${run.fromReleased}`;
  if (run.fromReleased === undefined) return run.toReleased === undefined ? undefined : `${run.to} released ${run.toReleased}`;
  if (run.toReleased === undefined) return `${run.from} released ${run.fromReleased}`;
  return `released ${run.fromReleased} to ${run.toReleased}`;
};

/** A run in words: its versions, its state (where asked), what it captured and, where another face made it, that face. */
export const describeRun = (run: CountedRun, withState: boolean): string => {
  const notes = [releasedWords(run), capturedWords(run), run.face === undefined ? undefined : `in ${run.face}`].filter(
    (item) => item !== undefined,
  );
  return `${runVersions(run)}${withState ? `: ${run.state}` : ''}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
};

/** `· 11 releases not captured ·` between two runs, where releases were published between them. */
const gapWords = (run: CountedRun): string | undefined =>
  run.notCapturedBefore === undefined || run.notCapturedBefore === 0
    ? undefined
    : `${run.notCapturedBefore} ${run.notCapturedBefore === 1 ? 'release' : 'releases'} not captured`;

/**
 * Runs for pages and twins, oldest first, with what was not captured inside and between them where
 * the client's releases are known: `0.77.0–0.104.0: partial (3 of 28 releases captured) · 11
 * releases not captured · 0.116.0–0.118.0: no`.
 */
export const formatRuns = (runs: readonly CountedRun[]): string =>
  runs.flatMap((run) => [gapWords(run), describeRun(run, true)].filter((item) => item !== undefined)).join(' · ');

/**
 * A cell's versions in a few words, from its runs: one run in the verdict's state is "since at
 * least <oldest> (oldest captured), to <newest>"; runs that differ are each shown; none gives
 * undefined (the caller falls back to the written `since` or `version`).
 */
export const runsLabel = (runs: readonly CountedRun[], state: string): string | undefined => {
  const [only] = runs;
  if (only === undefined) return undefined;
  if (runs.length === 1 && only.state === state && only.fromIsOldestCaptured === true && only.face === undefined) {
    const one = runVersions(only) === only.from;
    const fromDay = only.fromReleased === undefined ? '' : `, released ${only.fromReleased}`;
    const toDay = only.toReleased === undefined ? '' : ` (released ${only.toReleased})`;
    const to = one ? '' : `, to ${only.to}${toDay}`;
    const words = capturedWords(only);
    return `since at least ${only.from} (oldest captured${fromDay})${to}${words === undefined ? '' : ` (${words})`}`;
  }
  return formatRuns(runs);
};

/**
 * A cell's runs for the matrix, where hundreds of cells share one page: each run's versions and state
 * only, no release days, counts or uncaptured releases. Runs another face made are left out (they do
 * not speak for the cell's face), the runs either side of them joined where their states agree, and
 * their being there is said once. The cell links its row on the client's page, which says it all
 * (`runsLabel`).
 */
export const briefRunsLabel = (runs: readonly CountedRun[], state: string): string | undefined => {
  const own: CountedRun[] = [];
  for (const run of runs.filter((item) => item.face === undefined)) {
    const last = own.at(-1);
    if (last !== undefined && last.state === run.state) own[own.length - 1] = { ...last, to: run.to };
    else own.push(run);
  }
  const other = own.length < runs.length ? ' · and runs in another face' : '';
  const [only] = own;
  if (only === undefined) return other === '' ? undefined : 'runs in another face only';
  if (own.length === 1 && only.state === state && only.fromIsOldestCaptured === true)
    return `since at least ${only.from}${runVersions(only) === only.from ? '' : `, to ${only.to}`}${other}`;
  return `${own.map((run) => `${runVersions(run)}: ${run.state}`).join(' · ')}${other}`;
};

/** A run as `/data/features.json` and `/data/matrix.json` list it (FORMAT.md): its versions and state, not its captures or counts. */
export const exportRange = (range: RunRange) => ({
  from: range.from,
  to: range.to,
  state: range.state,
  captured: [...range.captured],
  ...(range.fromIsOldestCaptured === true ? { fromIsOldestCaptured: true as const } : {}),
  ...(range.face === undefined ? {} : { face: range.face }),
  ...(range.fromReleased === undefined ? {} : { fromReleased: range.fromReleased }),
  ...(range.toReleased === undefined ? {} : { toReleased: range.toReleased }),
});

/** What "not captured" means beside runs, for legends and cell details. */
export const notCapturedMeaning =
  'each run names the first and last version captured in it; releases between two captured versions were not captured, and a run says nothing of them; nothing older than the oldest captured version was seen';

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
