/**
 * The search records of the last build, kept in Astro's cache folder so that the next build can
 * start Pagefind on them before its own exist (search-index.ts, `guessIndex`). Only a guess: what
 * the build indexes is always its own records, so a stale, foreign or torn file costs time, never
 * a wrong index.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { SearchRecord } from '../lib/search-records.ts';
import { writeInPieces } from './json-file.ts';

export const recordsCacheFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'search-records.json');

const isRecord = (value: unknown): value is SearchRecord =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SearchRecord).url === 'string' &&
  typeof (value as SearchRecord).content === 'string';

/** The kept records; undefined when there are none or the file is not a list of records. */
export const readRecordsCache = async (file: string): Promise<SearchRecord[] | undefined> => {
  try {
    const records: unknown = JSON.parse(await readFile(file, 'utf8'));
    return Array.isArray(records) && records.every(isRecord) ? records : undefined;
  } catch {
    return undefined;
  }
};

function* pieces(records: readonly SearchRecord[]): Generator<string> {
  yield '[';
  for (const [index, record] of records.entries()) yield `${index === 0 ? '' : ','}${JSON.stringify(record)}`;
  yield ']';
}

/** Keeps the records for the next build; never fails (a failed write only costs that build time). */
export const writeRecordsCache = async (file: string, records: readonly SearchRecord[]): Promise<void> => {
  await writeInPieces(file, pieces(records));
};
