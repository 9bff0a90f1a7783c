/**
 * The last build's checks, kept in Astro's cache folder: a rebuild neither parses nor checks again
 * a file whose text, path and key (origin, build date, every id) are those it had, by the same code.
 * At 5,000 notes that is 0.6 s of a one-note rebuild's critical path. Only files that passed every
 * rule are kept, so a problem is always found by a fresh check, placed by a fresh parse.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Checked, ValidationMemo } from '../lib/validate.ts';
import { worthRewriting, writeInPieces } from './json-file.ts';

/** One file: its memo key, then what its check found and its parse gave. */
type Row = [at: string, key: string, data: unknown, frontmatterLength: number, parsed: unknown];

interface CacheFile {
  /** The code that checked them (`codeVersion`): new rules or schemas check everything again. */
  code: string;
  files: unknown[];
}

/** Where the checks are kept. */
export const checkCacheFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'checked-content.json');

const rowsOf = (memo: ValidationMemo): Row[] =>
  [...memo].flatMap(([at, checked]): Row[] =>
    checked.problems.length === 0 && checked.data !== undefined && checked.parse !== undefined
      ? [[at, checked.key, checked.data, checked.parse.frontmatterLength, checked.parse.data]]
      : [],
  );

const signature = ([at, key]: Row) => `${at}\0${key}`;

const isRow = (row: unknown): row is Row =>
  Array.isArray(row) &&
  row.length === 5 &&
  typeof row[0] === 'string' &&
  typeof row[1] === 'string' &&
  typeof row[2] === 'object' &&
  row[2] !== null &&
  typeof row[3] === 'number';

function* pieces(code: string, rows: readonly Row[]): Generator<string> {
  yield `{"code":${JSON.stringify(code)},"files":[`;
  for (const [index, row] of rows.entries()) yield `${index === 0 ? '' : ','}${JSON.stringify(row)}`;
  yield ']}';
}

/** The checks a build made, to be written back once this build has made its own. */
export interface CheckCache {
  memo: ValidationMemo;
  /** Writes the memo's results when they differ enough from what was read (json-file.ts); never fails. */
  save: () => Promise<void>;
}

/** Reads the kept checks that `code` made; none when there are none, or they are unreadable or older. */
export const readCheckCache = async (file: string, code: string): Promise<CheckCache> => {
  const memo: ValidationMemo = new Map();
  const kept = await readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as CacheFile)
    .catch(() => undefined);
  // A file of another shape (edited by hand, say) only costs checks: its rows are not taken.
  const rows = (kept?.code === code && Array.isArray(kept.files) ? kept.files : []).filter(isRow);
  for (const [at, key, data, frontmatterLength, parsed] of rows) {
    const checked: Checked = { key, problems: [], data, parse: { frontmatterLength, data: parsed } };
    memo.set(at, checked);
  }
  const before = new Set(rows.map(signature));
  return {
    memo,
    save: async () => {
      const now = rowsOf(memo);
      if (!worthRewriting(now.filter((row) => !before.has(signature(row))).length, now.length)) return;
      // A row at a time (json-file.ts); a write that fails costs a check next time, never this build.
      await writeInPieces(file, pieces(code, now));
    },
  };
};
