/**
 * A web source's `path` as authors write it: one or more files, each with optional lines, such as
 * `a.py:10-20`, `CHANGELOG.md:22, 81, 86`, `a.ts:45, 199-241; b.ts:1-5` or
 * `docs/x.mdx, section Capabilities`. Files are separated by `;` or `,`; after a file, a bare
 * number or range adds lines to it, and words that are not a path are a remark about it.
 */

/** Lines `from` to `to`, both included, counted from 1. */
export interface LineRange {
  from: number;
  to: number;
}

/** One file a source cites, and the lines it cites (none: the whole file). */
export interface CitedFile {
  file: string;
  ranges: LineRange[];
  /** The file's part of the path as written, e.g. `a.ts:45, 199-241`. */
  label: string;
}

const RANGE = /^(\d+)(?:\s*-\s*(\d+))?$/;
const FILE_WITH_LINES = /^(.+?):\s*(\d+(?:\s*-\s*\d+)?)$/;
/** A file path has no spaces, or has a `/` or `.`-extension and is not a sentence. */
const looksLikePath = (text: string): boolean => !/\s/.test(text) || /^[^\s]*\/[^\s]*(?:\s[^\s]*)*\.[\w]+$/.test(text);

const range = (text: string): LineRange | undefined => {
  const match = RANGE.exec(text.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : Number(match[2]);
  return from >= 1 && to >= from ? { from, to } : undefined;
};

/** The files a source path cites, in order, each with its line ranges. */
export const citedFiles = (path: string): CitedFile[] => {
  const files: CitedFile[] = [];
  for (const raw of path.split(/[;,]/)) {
    const part = raw.trim();
    if (part === '') continue;
    const last = files.at(-1);
    const lines = range(part);
    if (lines !== undefined && last !== undefined) {
      last.ranges.push(lines);
      last.label += `, ${part}`;
      continue;
    }
    const withLines = FILE_WITH_LINES.exec(part);
    if (withLines) {
      const first = range(withLines[2] as string);
      files.push({ file: withLines[1] as string, ranges: first ? [first] : [], label: part });
      continue;
    }
    // "section Capabilities" after a file says where in it; it is no file of its own.
    if (last !== undefined && !looksLikePath(part)) {
      last.label += `, ${part}`;
      continue;
    }
    files.push({ file: part, ranges: [], label: part });
  }
  return files;
};

/** `10-20`, or `10` for a single line. */
export const formatRange = (lines: LineRange): string =>
  lines.from === lines.to ? `${lines.from}` : `${lines.from}-${lines.to}`;
