/**
 * Whether the lines a source cites still say the same on the default branch: the pure comparison of
 * a file's text at the pinned commit with its text now.
 */
import type { LineRange } from '../lib/content/source-paths.ts';

/** What became of cited lines: the same, the same elsewhere (`now` gives where), different, or the file is gone. */
export type LinesStatus = 'unchanged' | 'moved' | 'changed' | 'gone' | 'missing';

/** The verdict on one cited range (or a whole file, `lines` absent). */
export interface LinesVerdict {
  status: LinesStatus;
  lines?: LineRange;
  /** Where a moved range is now. */
  now?: LineRange;
  /** Why a range could not be read at the pinned commit. */
  detail?: string;
}

const splitLines = (text: string): string[] => {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  // A final newline ends the last line; it does not start another.
  if (lines.at(-1) === '') lines.pop();
  return lines;
};

const sameAt = (haystack: readonly string[], needle: readonly string[], start: number): boolean =>
  needle.every((line, offset) => haystack[start + offset] === line);

/**
 * Compares cited lines of a file at the pinned commit (`then`) with the file now (`now`, undefined
 * when the file is gone). A range found unchanged at a different place is `moved`, with the nearest
 * such place given; without ranges the whole file is compared.
 */
export const compareLines = (then: string, now: string | undefined, ranges: readonly LineRange[]): LinesVerdict[] => {
  if (ranges.length === 0) {
    if (now === undefined) return [{ status: 'gone' }];
    return [{ status: splitLines(then).join('\n') === splitLines(now).join('\n') ? 'unchanged' : 'changed' }];
  }
  const old = splitLines(then);
  const current = now === undefined ? undefined : splitLines(now);
  return ranges.map((lines): LinesVerdict => {
    if (lines.to > old.length) {
      return { status: 'missing', lines, detail: `the file has ${old.length} lines at the pinned commit` };
    }
    if (current === undefined) return { status: 'gone', lines };
    const cited = old.slice(lines.from - 1, lines.to);
    if (sameAt(current, cited, lines.from - 1)) return { status: 'unchanged', lines };
    let best: number | undefined;
    for (let start = 0; start + cited.length <= current.length; start += 1) {
      if (!sameAt(current, cited, start)) continue;
      if (best === undefined || Math.abs(start - (lines.from - 1)) < Math.abs(best - (lines.from - 1))) best = start;
    }
    if (best === undefined) return { status: 'changed', lines };
    return { status: 'moved', lines, now: { from: best + 1, to: best + cited.length } };
  });
};

const rank: Record<LinesStatus, number> = { unchanged: 0, moved: 1, changed: 2, gone: 3, missing: 4 };

/** The one status that sums up several: the worst of them (a moved range and a changed one is changed). */
export const worstStatus = (statuses: readonly LinesStatus[]): LinesStatus =>
  statuses.reduce<LinesStatus>((worst, status) => (rank[status] > rank[worst] ? status : worst), 'unchanged');
