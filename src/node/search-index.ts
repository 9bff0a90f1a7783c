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

/** The environment variable `npm run build` sets for its page build: the parent process indexes. */
export const INDEX_IN_PARENT = 'CANIMCP_INDEX_IN_PARENT';

/** Whether this process's Astro build leaves the index to the process that started it (`npm run build`). */
export const indexedInParent = (env: NodeJS.ProcessEnv = process.env): boolean => env[INDEX_IN_PARENT] === '1';

/** Sends the records to the index, a few at a time. */
const addAll = async (index: pagefind.PagefindIndex, records: Iterable<SearchRecord>): Promise<void> => {
  const failures: string[] = [];
  const pending = records[Symbol.iterator]();
  const sender = async () => {
    for (;;) {
      const next = pending.next();
      if (next.done === true) return;
      const added = await index.addCustomRecord(next.value);
      if (added.errors.length > 0) failures.push(`${next.value.url}: ${added.errors.join('; ')}`);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  if (failures.length > 0) throw new Error(`pagefind: ${failures.join('\n')}`);
};

/** A Pagefind index in the making, with the records it was given. */
const indexOf = async (records: Iterable<SearchRecord>): Promise<pagefind.PagefindIndex> => {
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`pagefind: could not create an index: ${errors.join('; ')}`);
  await addAll(index, records);
  return index;
};

/** Empties the scratch folder and, with a seed, links the last build's files into it. */
const prepareScratch = async (scratch: string, seed: string | undefined): Promise<void> => {
  await rm(scratch, { recursive: true, force: true });
  if (seed !== undefined) await seedBundle(seed, scratch);
};

const pending = (
  adding: Promise<pagefind.PagefindIndex>,
  count: () => number,
  scratch: string,
  seed: string | undefined,
): PendingIndex => {
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
      return count();
    },
    discard: async () => {
      await pagefind.close();
      await adding.catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    },
  };
};

/**
 * Starts indexing the records now: Pagefind takes them in while the caller goes on. `write` then
 * writes the bundle (into `scratch`, a folder of its own) and moves it into the site: Pagefind's
 * largest step in memory, so the caller chooses when. With `seed` (the site's published bundle,
 * `dist/pagefind`), the files of the last build seed the scratch folder, so only the files an edit
 * changed are written.
 */
export const startIndex = (records: Iterable<SearchRecord>, scratch: string, seed?: string): PendingIndex => {
  let count = 0;
  const counted = (function* () {
    for (const record of records) {
      count += 1;
      yield record;
    }
  })();
  const adding = Promise.all([prepareScratch(scratch, seed), indexOf(counted)]).then(([, index]) => index);
  return pending(adding, () => count, scratch, seed);
};
