/**
 * Builds the Pagefind index from search records through Pagefind's Node API, in Pagefind's own
 * process: it takes the records in as soon as they exist, while Astro bundles and renders pages,
 * and writes its bundle into a scratch folder when asked, which is then moved into the site. Any
 * error fails the build: wrappers that only log them ship a broken or stale index.
 */
import { cp, rename, rm } from 'node:fs/promises';
import * as pagefind from 'pagefind';
import type { SearchRecord } from '../lib/search-records.ts';
import { pruneBundle, seedBundle } from './pagefind-bundle.ts';

/** How many records are in flight to the Pagefind service at once. */
const IN_FLIGHT = 32;

/** An index being built: `write` waits for it and moves the bundle into place. */
export interface PendingIndex {
  /** Moves the bundle to `outputPath` (`<dist>/pagefind`); resolves to the number of records. */
  write: (outputPath: string) => Promise<number>;
  /** Stops indexing (the build failed) and removes the scratch folder. */
  discard: () => Promise<void>;
}

const elsewhere = Symbol.for('canimcp.indexInParent');
type Holder = Record<typeof elsewhere, boolean | undefined>;

/** Says that the process that started this build indexes its records (`npm run build`). */
export const indexInParent = (): void => {
  (globalThis as unknown as Holder)[elsewhere] = true;
};

/** Whether the index is built by the process that started this build, not by the build's integration. */
export const indexedInParent = (): boolean => (globalThis as unknown as Holder)[elsewhere] === true;

const addAll = async (index: pagefind.PagefindIndex, records: readonly SearchRecord[]): Promise<void> => {
  const failures: string[] = [];
  let next = 0;
  const sender = async () => {
    while (next < records.length) {
      const record = records[next++] as SearchRecord;
      const added = await index.addCustomRecord(record);
      if (added.errors.length > 0) failures.push(`${record.url}: ${added.errors.join('; ')}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  if (failures.length > 0) throw new Error(`pagefind: ${failures.join('\n')}`);
};

/**
 * Starts indexing the records now: Pagefind takes them in while the caller goes on. `write` then
 * writes the bundle (into `scratch`, a folder of its own) and moves it into the site: Pagefind's
 * largest step in memory, so the caller chooses when. With `seed` (the site's published bundle,
 * `dist/pagefind`), the files of the last build seed the scratch folder, so only the files an edit
 * changed are written.
 */
export const startIndex = (records: readonly SearchRecord[], scratch: string, seed?: string): PendingIndex => {
  const adding = (async () => {
    await rm(scratch, { recursive: true, force: true });
    if (seed !== undefined) await seedBundle(seed, scratch);
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`pagefind: could not create an index: ${errors.join('; ')}`);
    await addAll(index, records);
    return index;
  })();
  // The build awaits `write`; until then a failure must not surface as an unhandled rejection.
  adding.catch(() => undefined);
  return {
    write: async (outputPath) => {
      try {
        const index = await adding;
        const written = await index.writeFiles({ outputPath: scratch });
        if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
        if (seed !== undefined) await pruneBundle(scratch);
        await rm(outputPath, { recursive: true, force: true });
        // A rename where both are on one file system, else a copy.
        await rename(scratch, outputPath).catch(() => cp(scratch, outputPath, { recursive: true }));
      } finally {
        await pagefind.close();
        await rm(scratch, { recursive: true, force: true });
      }
      return records.length;
    },
    discard: async () => {
      await pagefind.close();
      await adding.catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    },
  };
};
