/**
 * Builds the Pagefind index from search records through Pagefind's Node API. Indexing and writing
 * the bundle start as soon as the records exist and run in Pagefind's own process (the second
 * core) while Astro bundles and renders pages, into a scratch folder; once the pages are done the
 * bundle is moved into the site. Any error fails the build: wrappers that only log them
 * ship a broken or stale index.
 */
import { cp, rename, rm } from 'node:fs/promises';
import * as pagefind from 'pagefind';
import type { SearchRecord } from '../lib/search-records.ts';

/** How many records are in flight to the Pagefind service at once. */
const IN_FLIGHT = 32;

/** An index being built: `write` waits for it and moves the bundle into place. */
export interface PendingIndex {
  /** Moves the bundle to `outputPath` (`<dist>/pagefind`); resolves to the number of records. */
  write: (outputPath: string) => Promise<number>;
  /** Stops indexing (the build failed) and removes the scratch folder. */
  discard: () => Promise<void>;
}

const started = Symbol.for('canimcp.startedIndex');
type Holder = Record<typeof started, PendingIndex | undefined>;

/** Keeps an index `npm run build` started before Astro, for the build's integration to finish. */
export const handOverIndex = (index: PendingIndex): void => {
  (globalThis as unknown as Holder)[started] = index;
};

/** Takes the index handed over, once. */
export const takeIndex = (): PendingIndex | undefined => {
  const holder = globalThis as unknown as Holder;
  const index = holder[started];
  holder[started] = undefined;
  return index;
};

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

/** Indexes the records and writes the bundle into `scratch` (emptied first). */
const indexRecords = async (records: readonly SearchRecord[], scratch: string): Promise<void> => {
  await rm(scratch, { recursive: true, force: true });
  try {
    const { index, errors } = await pagefind.createIndex({});
    if (!index) throw new Error(`pagefind: could not create an index: ${errors.join('; ')}`);
    await addAll(index, records);
    const written = await index.writeFiles({ outputPath: scratch });
    if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
  } finally {
    await pagefind.close();
  }
};

/**
 * Starts indexing the records now, into `scratch` (a folder of its own, emptied first); `write`
 * moves the bundle into the site.
 */
export const startIndex = (records: readonly SearchRecord[], scratch: string): PendingIndex => {
  const building = indexRecords(records, scratch);
  // The build awaits `write`; until then a failure must not surface as an unhandled rejection.
  building.catch(() => undefined);
  return {
    write: async (outputPath) => {
      try {
        await building;
        await rm(outputPath, { recursive: true, force: true });
        // A rename where both are on one file system, else a copy.
        await rename(scratch, outputPath).catch(() => cp(scratch, outputPath, { recursive: true }));
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
      return records.length;
    },
    discard: async () => {
      await pagefind.close();
      await building.catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    },
  };
};
