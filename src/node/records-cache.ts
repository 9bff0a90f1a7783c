/**
 * The search records of the last build, kept in Astro's cache folder so that the next build can
 * start Pagefind on them before its own exist (search-index.ts, `guessIndex`). Only a guess: what
 * the build indexes is always its own records, so a stale, foreign or torn file costs time, never
 * a wrong index.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SearchRecord } from '../lib/search/search-records.ts';
import { writeInPieces } from './json-file.ts';

/** A record as one line of JSON: how records are kept, and compared with the kept ones. */
export const recordLine = (record: SearchRecord): string => JSON.stringify(record);

/** The record a line holds; undefined for a line that holds none (a torn or foreign file). */
export const parseLine = (line: string): SearchRecord | undefined => {
  try {
    const record = JSON.parse(line) as Partial<SearchRecord> | null;
    return typeof record?.url === 'string' && typeof record.content === 'string' ? (record as SearchRecord) : undefined;
  } catch {
    return undefined;
  }
};

/** The records of lines of JSON, each parsed as it is taken; lines that hold none are skipped. */
export function* parseLines(lines: Lines): Generator<SearchRecord> {
  for (let at = 0; at < lines.length; at += 1) {
    const record = parseLine(lines.at(at) ?? '');
    if (record !== undefined) yield record;
  }
}

export const recordsCacheFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'search-records.jsonl');

/** Lines of text, each decoded only when asked for: an array of strings is one too. */
export interface Lines {
  readonly length: number;
  at: (index: number) => string | undefined;
}

/** The lines of UTF-8 bytes, without their line ends. */
const linesOf = (bytes: Buffer): Lines => {
  const starts = [0];
  for (let end = bytes.indexOf(10); end !== -1; end = bytes.indexOf(10, end + 1)) starts.push(end + 1);
  // A last line with no line end counts; the empty one after a final line end does not.
  const length = starts.at(-1) === bytes.length ? starts.length - 1 : starts.length;
  return {
    length,
    at: (index) =>
      index < 0 || index >= length
        ? undefined
        : bytes.toString('utf8', starts[index], (starts[index + 1] ?? bytes.length + 1) - 1),
  };
};

/**
 * The kept records, one line of JSON each (`recordLine`), held as the file's bytes and decoded
 * and parsed a line at a time as they are sent (search-index.ts): read as one string and parsed
 * whole, they held 90 MB in the build's process until Pagefind's write. Undefined when there is
 * no file.
 */
export const readRecordsCache = async (file: string): Promise<Lines | undefined> => {
  try {
    return linesOf(await readFile(file));
  } catch {
    return undefined;
  }
};

function* pieces(lines: readonly string[]): Generator<string> {
  for (const line of lines) yield `${line}\n`;
}

/** Keeps the records' lines for the next build; never fails (a failed write only costs that build time). */
export const writeRecordsCache = async (file: string, lines: readonly string[]): Promise<void> => {
  await writeInPieces(file, pieces(lines));
};
