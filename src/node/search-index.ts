/**
 * Builds the Pagefind index from search records through Pagefind's Node API, in Pagefind's own
 * process: it takes the records in as soon as they exist, while Astro bundles and renders pages,
 * and writes its bundle into a scratch folder when asked, which is then moved into the site. Any
 * error fails the build: wrappers that only log them ship a broken or stale index.
 */
import { cp, rename, rm } from 'node:fs/promises';
import * as pagefind from 'pagefind';
import type { SearchRecord } from '../lib/search/search-records.ts';
import { pruneBundle, seedBundle } from './pagefind-bundle.ts';
import { parseLine, parseLines, type Lines } from './records-cache.ts';

/** How many records are in flight to the Pagefind service at once. */
const IN_FLIGHT = 32;

/** An index being built: `write` waits for it and moves the bundle into place. */
export interface PendingIndex {
  /** Moves the bundle to `outputPath` (`<dist>/pagefind`); resolves to the number of records. */
  write: (outputPath: string) => Promise<number>;
  /** Stops indexing (the build failed) and removes the scratch folder. */
  discard: () => Promise<void>;
}

/** Set once an index is dropped: its senders stop before they send again. */
interface Stop {
  stopped: boolean;
}

/** Sends the records to the index, a few at a time, as they come: a guess is parsed only as it is sent. */
const addAll = async (index: pagefind.PagefindIndex, records: Iterable<SearchRecord>, stop?: Stop): Promise<void> => {
  const failures: string[] = [];
  const pending = records[Symbol.iterator]();
  const sender = async () => {
    // A sender of a dropped index must not send again: it would start a new service, and its
    // record could reach the next index made there.
    while (stop?.stopped !== true) {
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
const indexOf = async (records: Iterable<SearchRecord>, stop?: Stop): Promise<pagefind.PagefindIndex> => {
  const { index, errors } = await pagefind.createIndex({});
  if (stop?.stopped) throw new Error('pagefind: the index was dropped');
  if (!index) throw new Error(`pagefind: could not create an index: ${errors.join('; ')}`);
  await addAll(index, records, stop);
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

/** An index started on a guess of the build's records, until the build's own are known. */
export interface GuessedIndex {
  /**
   * The build's records: those that differ from their guess replace it in place (Pagefind keeps one
   * record per URL, where it was first added), or, where the URLs differ (a note added, removed or
   * renamed), the guess is dropped and the records are indexed afresh. Either way the index is the
   * one these records make in their order. Takes the records as lines (`recordLine`); gives the
   * index and how many records differ from the guess.
   */
  settle: (lines: readonly string[]) => { index: PendingIndex; changed: number };
  /** Stops indexing (the build failed) and removes the scratch folder. */
  discard: () => Promise<void>;
}

/**
 * Starts indexing `guess` (the last build's records, one line of JSON each, records-cache.ts)
 * before the build has made its own: at 5,000 notes Pagefind takes 4 s of one core to take records
 * in, and a rebuild's own come 2–3 s after it starts. After a one-note edit, one record is then
 * indexed again. Each line is parsed only as it is sent, so the guess never lies in memory as
 * 5,000 objects, beside Pagefind's write.
 */
export const guessIndex = (guess: Lines, scratch: string, seed?: string): GuessedIndex => {
  const scratchReady = prepareScratch(scratch, seed);
  const stop: Stop = { stopped: false };
  const guessed = indexOf(parseLines(guess), stop);
  guessed.catch(() => undefined);
  // Let go once settled: the build holds the index until Pagefind has written it, at its peak in memory.
  let kept: Lines | undefined = guess;
  return {
    settle: (lines) => {
      const guess = kept ?? [];
      kept = undefined;
      const total = lines.length;
      const changed: SearchRecord[] = [];
      // Where a line differs, its URL decides: the same page changed, or the pages did.
      let samePages = lines.length === guess.length;
      for (let at = 0; samePages && at < lines.length; at += 1) {
        const line = lines[at] as string;
        const before = guess.at(at) ?? '';
        if (line === before) continue;
        const record = parseLine(line);
        samePages = record !== undefined && parseLine(before)?.url === record.url;
        if (record !== undefined) changed.push(record);
      }
      if (!samePages) {
        // Closing the service drops the guess at once, instead of after Pagefind has taken it all in.
        stop.stopped = true;
        const adding = Promise.all([scratchReady, pagefind.close()]).then(() => indexOf(parseLines(lines)));
        return { index: pending(adding, () => total, scratch, seed), changed: total };
      }
      // After the guess, so that a changed record replaces its guess and not the other way round.
      const adding = Promise.all([
        scratchReady,
        guessed.then(
          async (index) => {
            await addAll(index, changed);
            return index;
          },
          // A guess Pagefind refused (a cache from another version, say) is no reason to fail.
          () => pagefind.close().then(() => indexOf(parseLines(lines))),
        ),
      ]).then(([, index]) => index);
      return { index: pending(adding, () => total, scratch, seed), changed: changed.length };
    },
    discard: async () => {
      stop.stopped = true;
      await pagefind.close();
      await guessed.catch(() => undefined);
      await scratchReady.catch(() => undefined);
      await rm(scratch, { recursive: true, force: true });
    },
  };
};
