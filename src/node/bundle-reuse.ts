/**
 * Keeping the published search bundle when a build's records are the ones it was written from.
 * Adding a capture changes no search record (capture pages are not indexed), yet Pagefind took
 * half of a one-capture rebuild's CPU at 5,000 notes + 10,000 captures, taking in and writing
 * again an index that could only come out the same. So after each build the parent keeps what the
 * bundle was made from (`BundleRecord`: the code version and a digest of the records' lines, in
 * their order) and the stamp of every file of the bundle as published (inode, size, modification
 * time: `fileStamp`). The next build whose records and code give the same digest, and whose
 * `dist/pagefind` still has those stamps, links that bundle into its site instead of indexing.
 *
 * Why that is complete: Pagefind's bundle is a function of the records, their order and Pagefind
 * itself (its version is in the lock file, its options in `src/`, both in the code version). The
 * stamps refuse a bundle anything else wrote (a bare `astro build` indexes into `dist/pagefind`
 * itself; a file edited or removed by hand), so only the bundle this pipeline published is kept.
 *
 * Whether to start Pagefind on a guess before the records exist is decided apart, and is only a
 * guess (`contentInputs`): when no file of the content folder but its captures changed since the
 * bundle was written, the records are likely the same, so no guess is started; if they differ after
 * all (a commit moved a note's date), the records are indexed afresh, as with no guess.
 */
import { link, mkdir, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { cacheKey, readJsonFile, writeInPieces } from './json-file.ts';
import { fileStamp } from './page-reuse.ts';
import type { PendingIndex } from './search-index.ts';

/** What the published bundle was made from, and how its files looked when published. */
export interface BundleRecord {
  /** `recordsDigest` of the code version and the records. */
  records: string;
  /** `bundleStamp` of the published bundle. */
  bundle: string;
  /** `contentInputs` of the content folder the build read. */
  inputs: string;
}

export const bundleRecordFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'search-bundle.json');

/** The digest a bundle is known by: the code that made it and its records, line by line, in order. */
export const recordsDigest = (code: string, lines: readonly string[]): string => cacheKey([code, ...lines]);

/** Every file under `dir`, as paths relative to it with `/`, sorted. */
const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();

/**
 * The stamp of a whole folder: every file's relative path and `fileStamp`. Another write to any
 * file, a file added or removed, changes it; undefined where the folder does not exist.
 */
export const bundleStamp = async (dir: string): Promise<string | undefined> => {
  const files = await filesUnder(dir).catch(() => undefined);
  if (files === undefined || files.length === 0) return undefined;
  const stamps = await Promise.all(files.map(async (file) => `${file}:${(await fileStamp(path.join(dir, file))) ?? ''}`));
  return cacheKey(stamps);
};

/**
 * A digest of the content folder's files but its captures (path, size, modification time): equal
 * when no note, client, revision, capability, feature or drift report was touched. Only a guess
 * of whether the records changed: it decides whether to start Pagefind early, never what is published.
 */
export const contentInputs = async (contentDir: string): Promise<string> => {
  const files = (await filesUnder(contentDir).catch((): string[] => [])).filter((file) => !file.startsWith('captures/'));
  const parts: string[] = [];
  for (const file of files) {
    const info = await stat(path.join(contentDir, file), { bigint: true }).catch(() => undefined);
    parts.push(`${file}:${info?.size ?? ''}:${info?.mtimeNs ?? ''}`);
  }
  return cacheKey(parts);
};

const isRecord = (value: unknown): value is BundleRecord =>
  typeof value === 'object' &&
  value !== null &&
  ['records', 'bundle', 'inputs'].every((field) => typeof (value as Record<string, unknown>)[field] === 'string');

/** The last published bundle's record; undefined where there is none or it is torn. */
export const readBundleRecord = async (cacheDir: string): Promise<BundleRecord | undefined> => {
  return readJsonFile(bundleRecordFile(cacheDir), isRecord);
};

/** Records what the bundle now at `bundle` (the published `dist/pagefind`) was made from; without a bundle, withdraws the record. */
export const writeBundleRecord = async (
  cacheDir: string,
  bundle: string,
  made: Pick<BundleRecord, 'records' | 'inputs'>,
): Promise<void> => {
  const stamp = await bundleStamp(bundle);
  if (stamp === undefined) return;
  await writeInPieces(bundleRecordFile(cacheDir), [JSON.stringify({ ...made, bundle: stamp } satisfies BundleRecord)]);
};

/** Whether the published bundle at `bundle` is the one `record` describes, made from records of `digest`. */
export const bundleHolds = async (record: BundleRecord | undefined, digest: string, bundle: string): Promise<boolean> =>
  record !== undefined && record.records === digest && (await bundleStamp(bundle)) === record.bundle;

/** Hard-links every file of `from` into `to`, folders made as needed (the bundle is never rewritten in place). */
const linkAll = async (from: string, to: string): Promise<void> => {
  for (const file of await filesUnder(from)) {
    await mkdir(path.dirname(path.join(to, file)), { recursive: true });
    await link(path.join(from, file), path.join(to, file));
  }
};

/** An index that is the published bundle, kept: `write` links its files into the new site; `count` records. */
export const keptIndex = (bundle: string, count: number): PendingIndex => ({
  write: async (outputPath) => {
    await linkAll(bundle, outputPath);
    return count;
  },
  discard: () => Promise.resolve(),
});
