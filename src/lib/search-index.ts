/**
 * Builds the Pagefind index from search records through Pagefind's Node API. Indexing starts as
 * soon as the records exist and runs in Pagefind's own process (the second core) while Astro
 * bundles and renders pages; the files are written once the pages are done. Any error fails the
 * build: wrappers that only log them ship a broken or stale index.
 */
import * as pagefind from 'pagefind';
import type { SearchRecord } from './search-records.ts';

/** How many records are in flight to the Pagefind service at once. */
const IN_FLIGHT = 32;

/** An index being built: `write` waits for it, writes the bundle and stops the service. */
export interface PendingIndex {
  /** Writes the bundle into `outputPath` (`<site>/pagefind`); resolves to the number of records. */
  write: (outputPath: string) => Promise<number>;
  /** Stops the service without writing (a build that failed elsewhere). */
  discard: () => Promise<void>;
}

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

/** Starts indexing the records now; nothing is written until `write`. */
export const startIndex = (records: readonly SearchRecord[]): PendingIndex => {
  const adding = (async () => {
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
        const written = await index.writeFiles({ outputPath });
        if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
        return records.length;
      } finally {
        await pagefind.close();
      }
    },
    discard: async () => {
      await adding.catch(() => undefined);
      await pagefind.close();
    },
  };
};
