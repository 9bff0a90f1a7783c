/**
 * How long /search waits after a keystroke before it searches: long enough that a reader typing
 * on is not searched for at every letter (each search fetches its results' fragments), short
 * enough that the results follow the last key closely. A fixed wait has to suit the slowest
 * typist; this one follows the reader's own rhythm, so a pause counts as the end of typing when
 * it is clearly longer than the gaps between this reader's keys. Pure: the caller passes the times.
 */

/** The wait before the reader's rhythm is known, and for a slow typist (whose gaps exceed it anyway). */
export const LONGEST_PAUSE_MS = 150;
/** The shortest wait: below it, timer and event jitter are as large as a fast typist's gaps. */
export const SHORTEST_PAUSE_MS = 80;
/** A pause counts as the end of typing when it is this many times the reader's usual gap. */
const RHYTHM_FACTOR = 1.5;
/** Gaps this long are the reader stopping, not their rhythm: they are left out. */
const LONGEST_GAP_MS = 1_000;
/** The gaps remembered: the last few keystrokes say how the reader types now. */
const REMEMBERED_GAPS = 6;
/** Gaps needed before the rhythm is trusted. */
const FEWEST_GAPS = 3;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * A reader's typing: call it with each keystroke's time (ms); it says how long to wait after that
 * keystroke for the next one before searching. The median of the recent gaps, so one hesitation
 * does not stretch the wait, scaled and bounded.
 */
export const typingPause = (): ((now: number) => number) => {
  const gaps: number[] = [];
  let last: number | undefined;
  return (now) => {
    if (last !== undefined && now - last < LONGEST_GAP_MS) {
      gaps.push(now - last);
      if (gaps.length > REMEMBERED_GAPS) gaps.shift();
    }
    last = now;
    if (gaps.length < FEWEST_GAPS) return LONGEST_PAUSE_MS;
    return Math.round(Math.min(LONGEST_PAUSE_MS, Math.max(SHORTEST_PAUSE_MS, RHYTHM_FACTOR * median(gaps))));
  };
};
