/**
 * How current a cell is: how far its newest captured version is behind its client's newest release,
 * in releases and in days, from the client's release list (content/releases/). A cell whose newest
 * capture is the newest release is current; one whose client has no release list, or whose cell no
 * capture decides, has no freshness (it is not known to be current, nor to be behind).
 */
import { isRelease, releaseTime, type ReleaseTimes } from '../evidence/releases.ts';
import { compareVersions } from '../evidence/versions.ts';

/** A cell's distance from its client's newest release. */
export interface Freshness {
  /** The newest version the cell's captures were made with. */
  captured: string;
  /** The client's newest release. */
  newest: string;
  /** The releases published after `captured`, up to and including `newest`: 0 where the cell is current. */
  behind: number;
  /** The days between `captured`'s release and `newest`'s, where both are dated. */
  days?: number;
}

const byVersion = (a: string, b: string): number => compareVersions(a, b) ?? (a < b ? -1 : a > b ? 1 : 0);
const DAY = 24 * 60 * 60 * 1000;

/** The freshness of a cell captured at `captured` (every version its runs captured), or undefined where unknown. */
export const freshness = (captured: readonly string[], times: ReleaseTimes | undefined): Freshness | undefined => {
  if (times === undefined || captured.length === 0) return undefined;
  const newestCaptured = [...captured].sort(byVersion).at(-1) as string;
  const releases = Object.keys(times).filter(isRelease).sort(byVersion);
  const newest = releases.at(-1);
  if (newest === undefined) return undefined;
  const behind = releases.filter((version) => byVersion(version, newestCaptured) > 0).length;
  const from = releaseTime(times, newestCaptured);
  const to = releaseTime(times, newest);
  const days =
    behind === 0
      ? 0
      : from === undefined || to === undefined
        ? undefined
        : Math.max(0, Math.floor((Date.parse(to) - Date.parse(from)) / DAY));
  return {
    captured: newestCaptured,
    newest: behind === 0 ? newestCaptured : newest,
    behind,
    ...(days === undefined ? {} : { days }),
  };
};

/** Whether a cell is current: its newest capture is its client's newest release. */
export const isCurrent = (fresh: Freshness | undefined): boolean => fresh !== undefined && fresh.behind === 0;

/** A cell's freshness in words: `current (2.1.90 is the newest release)`, or `3 releases behind 2.1.95 (41 days)`. */
export const freshnessWords = (fresh: Freshness): string =>
  fresh.behind === 0
    ? `current (${fresh.newest} is the newest release)`
    : `${fresh.behind} ${fresh.behind === 1 ? 'release' : 'releases'} behind ${fresh.newest}${fresh.days === undefined ? '' : ` (${fresh.days} ${fresh.days === 1 ? 'day' : 'days'})`}`;

/** What a cell's freshness words mean, for a legend. */
export const freshnessMeaning =
  "how far the newest version captured is behind the client's newest release (its release list), in releases and days; current where it is the newest";
