/**
 * A note's sources for its page, where a note that bisects a client cites dozens of captures made the
 * same way at different versions: a run of three or more consecutive capture sources whose titles
 * differ only in one version becomes one entry listing each version with its capture and hash. The
 * twin and the frontmatter keep every source whole; only the page's list is shorter.
 */
import { isCaptureSource, type Source } from '../../schema/index.ts';

type CaptureSource = Extract<Source, { capture: string }>;

/** One source as it was written, or captures made the same way, each named by its version. */
export type SourceEntry =
  | { kind: 'one'; source: Source }
  | {
      kind: 'versions';
      /** The shared title, split where each capture's version stands. */
      before: string;
      after: string;
      captures: readonly { version: string; source: CaptureSource }[];
      /** The first and last capture day, oldest first. */
      from: string;
      to: string;
    };

/** The smallest run of captures worth folding: fewer read as well one by one. */
const FOLD_FROM = 3;

// The first version-like token of a title: 1.0.58, 0.2.9, 2.1.337-beta.1, v0.34.0.
const versionToken = /\bv?\d+\.\d+(?:\.\d+)?(?:[-+][0-9A-Za-z.-]+)?\b/;

/** A capture source's title split at its first version, or undefined where it names none. */
const splitAtVersion = (title: string): { before: string; version: string; after: string } | undefined => {
  const match = versionToken.exec(title);
  if (match === null) return undefined;
  return { before: title.slice(0, match.index), version: match[0], after: title.slice(match.index + match[0].length) };
};

/** The sources in order, consecutive captures made the same way folded into one entry. */
export const groupSources = (sources: readonly Source[]): SourceEntry[] => {
  const entries: SourceEntry[] = [];
  let index = 0;
  while (index < sources.length) {
    const first = sources[index] as Source;
    const head = isCaptureSource(first) ? splitAtVersion(first.title) : undefined;
    let end = index + 1;
    const captures: { version: string; source: CaptureSource }[] = [];
    if (head !== undefined && isCaptureSource(first)) {
      captures.push({ version: head.version, source: first });
      while (end < sources.length) {
        const next = sources[end] as Source;
        const parts = isCaptureSource(next) ? splitAtVersion(next.title) : undefined;
        if (parts === undefined || !isCaptureSource(next) || parts.before !== head.before || parts.after !== head.after) break;
        captures.push({ version: parts.version, source: next });
        end += 1;
      }
    }
    if (head !== undefined && captures.length >= FOLD_FROM) {
      const days = captures.map((capture) => capture.source.date).sort();
      entries.push({
        kind: 'versions',
        before: head.before,
        after: head.after,
        captures,
        from: days[0] ?? first.date,
        to: days.at(-1) ?? first.date,
      });
      index = end;
    } else {
      entries.push({ kind: 'one', source: first });
      index += 1;
    }
  }
  return entries;
};
