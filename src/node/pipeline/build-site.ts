/**
 * `npm run build`, as the stages it runs, top to bottom:
 *
 *   read → validate → render → plan pages → Astro → twins and files   (the page build, a child process: page-build.ts)
 *   index → fold (Cloudflare) → swap into `dist/`                       (this process: build-site.ts)
 *
 * `buildSite` is the parent: it forks the page build (`buildPages`, started through src/cli/build-pages.ts),
 * starts Pagefind on the last build's records (records-cache.ts) while the child starts, settles the
 * index with the records the child sends as soon as its bodies are rendered (only those that differ
 * are indexed again) while the child's Astro renders pages, then, once the child has exited and Astro's memory
 * is back with the system, lets Pagefind write its bundle (its largest step in memory, 1.5 GiB at
 * 5,000 notes) and swaps the staging folder into `dist/`. A build that fails at any stage leaves
 * `dist/` and the manifest of its pages as they were.
 */
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { searchBundlePath } from '../../lib/routes/urls.ts';
import { clearLeftovers, previousFolder, stagingFolder } from '../build-folders.ts';
import { foldCaptures, packRecordFile, readPackRecord, writePackRecord } from '../capture-fold.ts';
import { configuredHost, siteOrigin } from '../environment.ts';
import { manifestFile, commitManifest, foldedFolder, retractManifest } from '../page-reuse.ts';
import { astroCacheDir, contentDir, repoRoot } from '../paths.ts';
import { codeVersion } from '../code-version.ts';
import {
  bundleHolds,
  contentInputs,
  keptIndex,
  readBundleRecord,
  recordsDigest,
  writeBundleRecord,
  type BundleRecord,
} from '../bundle-reuse.ts';
import { worthRewriting } from '../json-file.ts';
import { parseLines, readRecordsCache, recordsCacheFile, writeRecordsCache } from '../records-cache.ts';
import { guessIndex, startIndex, type GuessedIndex, type PendingIndex } from '../search-index.ts';
import type { BuildJob, PageBuildMessage } from './job.ts';

/** The page build's command: a thin script that runs `buildPages` (page-build.ts) with its job. */
const pageBuildScript = fileURLToPath(new URL('../../cli/build-pages.ts', import.meta.url));

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/** Builds the site; returns false (after printing why) when the content or the build fails. */
export const buildSite = async (options: { outDir?: string; quiet?: boolean } = {}): Promise<boolean> => {
  const outDir = path.resolve(repoRoot, options.outDir ?? process.env['OUT_DIR'] ?? 'dist');
  // Separate caches (ASTRO_CACHE_DIR) let builds of different content folders run side by side (tests, benchmarks).
  const cacheDir = astroCacheDir();
  // An interrupted build (Ctrl-C, a killed CI job) leaves its staging folder beside the output.
  await clearLeftovers(outDir);
  const job: BuildJob = {
    outDir,
    staging: stagingFolder(outDir),
    cacheDir,
    nextManifest: `${manifestFile(cacheDir)}.next-${process.pid}`,
    quiet: options.quiet ?? false,
  };
  // Index, begun on a guess while the child starts: Pagefind takes the last build's records in,
  // unless nothing but captures changed since the published bundle was written (bundle-reuse.ts),
  // in which case the records are likely the same and the bundle is likely kept.
  const recordsFile = recordsCacheFile(cacheDir);
  const [scratch, seed] = indexFolders(job);
  const [lastBundle, inputs, code] = await Promise.all([readBundleRecord(cacheDir), contentInputs(contentDir()), codeVersion()]);
  const guessing =
    lastBundle?.inputs === inputs
      ? Promise.resolve(undefined)
      : readRecordsCache(recordsFile).then((guess) => (guess ? guessIndex(guess, scratch, seed) : undefined));
  let index: Promise<PendingIndex> | undefined;
  let keeping: Promise<void> | undefined;
  let made: Pick<BundleRecord, 'records' | 'inputs'> | undefined;
  let packs: Map<number, string> | undefined;
  // Read, validate, render, plan pages, Astro, twins and files: in the child, which sends the records.
  const exitCode = await runPageBuild(job, (lines) => {
    made = { records: recordsDigest(code, lines), inputs };
    const records = made.records;
    index = guessing.then(async (guessed) => {
      if (await bundleHolds(lastBundle, records, seed)) {
        // The published bundle is the one these records make: keep it, and stop a guess in flight.
        await guessed?.discard();
        console.log(
          `${new Date().toTimeString().slice(0, 8)} [canimcp:pagefind] pagefind: kept the published bundle, made from these ${lines.length} records`,
        );
        return keptIndex(seed, lines.length);
      }
      return settleIndex(guessed, lines, scratch, seed, (changed) => {
        if (worthRewriting(changed, lines.length)) keeping = writeRecordsCache(recordsFile, lines);
      });
    });
  });
  try {
    if (exitCode !== 0 || index === undefined) {
      // The child said why; an index it never finished is stopped, and nothing is left behind.
      await (index === undefined ? (await guessing)?.discard() : (await index).discard());
      await discardStaging(job);
      if (exitCode === 0) throw new Error('the page build sent no search records');
      return false;
    }
    await writeIndex(await index, job);
    if (configuredHost() === 'cloudflare') packs = await fold(job, code);
  } finally {
    await keeping;
  }
  await swapIntoDist(job);
  // What the published bundle was made from, for the next build to keep it (after the swap: the stamps are the published files').
  if (made !== undefined) await writeBundleRecord(cacheDir, seed, made);
  // What the published packs were made of, for the next fold to keep them; none for the Netlify form.
  await (packs === undefined ? rm(packRecordFile(cacheDir), { force: true }) : writePackRecord(cacheDir, job.outDir, packs));
  return true;
};

/**
 * The index of this build's records: the guess settled with them (those that differ are indexed
 * again; all, afresh, where the pages differ), or, with no guess, all of them. `kept` hears how many
 * differed from the guess, to decide whether the records cache is worth writing again.
 */
const settleIndex = (
  guessed: GuessedIndex | undefined,
  lines: readonly string[],
  scratch: string,
  seed: string,
  kept: (changed: number) => void,
): PendingIndex => {
  const settled = guessed?.settle(lines) ?? { index: startIndex(parseLines(lines), scratch, seed), changed: lines.length };
  kept(settled.changed);
  return settled.index;
};

/** Pagefind's scratch folder for this build, and the published bundle that seeds it (a rebuild writes only what changed). */
const indexFolders = (job: BuildJob): [scratch: string, seed: string] => [
  path.join(job.cacheDir, 'canimcp', `pagefind-${process.pid}`),
  path.join(job.outDir, searchBundlePath),
];

/** Forks the page build and hands its records to `onRecords`; resolves to its exit code. */
const runPageBuild = (job: BuildJob, onRecords: (lines: readonly string[]) => void): Promise<number> =>
  new Promise<number>((resolve, reject) => {
    const child = fork(pageBuildScript, [JSON.stringify(job)], {
      serialization: 'advanced',
      stdio: 'inherit',
      // Always a production build: Vite reads NODE_ENV for import.meta.env.DEV, and a build run where
      // NODE_ENV is `test` (vitest sets it) or `development` re-read all content for every page (the
      // dev server's way), ten times slower, and shipped the dev server's messages.
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('message', (message: PageBuildMessage) => {
      if (message.kind === 'records') onRecords(message.lines === '' ? [] : message.lines.split('\n'));
    });
    child.on('error', reject);
    child.on('exit', (exitCode, signal) => {
      // A child that was killed could not say why.
      if (signal !== null) console.error(`error: the page build was stopped by ${signal}; out of memory?`);
      resolve(exitCode ?? 1);
    });
  });

const discardStaging = async (job: BuildJob): Promise<void> => {
  await rm(job.staging, { recursive: true, force: true });
  await rm(job.nextManifest, { force: true });
};

/** Index: Pagefind writes its bundle into the staging folder, now that Astro's memory is free. */
const writeIndex = async (index: PendingIndex, job: BuildJob): Promise<void> => {
  try {
    const indexed = await index.write(path.join(job.staging, searchBundlePath));
    console.log(`${new Date().toTimeString().slice(0, 8)} [canimcp:pagefind] pagefind: indexed ${indexed} records`);
  } catch (error) {
    await discardStaging(job);
    throw error;
  }
};

/** Where this build's folded files wait until its site is published (then they are `foldedFolder`). */
const foldedStaging = (job: BuildJob): string => `${foldedFolder(job.cacheDir)}-${process.pid}`;

/**
 * Fold (DEPLOY_HOST=cloudflare only): the captures' files into packs and the Function that serves
 * them (capture-fold.ts), after Pagefind has indexed the pages from their records, so search finds
 * captures as before and its results link URLs the Function answers. A failed fold leaves no site.
 */
const fold = async (job: BuildJob, code: string): Promise<Map<number, string>> => {
  try {
    const last = { record: await readPackRecord(job.cacheDir), site: job.outDir, code };
    const folded = await foldCaptures(job.staging, siteOrigin(), foldedStaging(job), last);
    if (folded.captures > 0)
      console.log(
        `${new Date().toTimeString().slice(0, 8)} [canimcp:fold] cloudflare: folded ${folded.files} files of ${folded.captures} captures into ${folded.packs} packs (${folded.kept} kept unchanged), served by _worker.js`,
      );
    return folded.members;
  } catch (error) {
    await discardStaging(job);
    await rm(foldedStaging(job), { recursive: true, force: true });
    throw error;
  }
};

/**
 * Swap into `dist/`: the manifest is retracted first, so a build stopped in between renders every
 * page next time, and committed once the new site is in place.
 */
const swapIntoDist = async (job: BuildJob): Promise<void> => {
  const previous = previousFolder(job.outDir);
  await retractManifest(job.cacheDir);
  if (await exists(job.outDir)) await rename(job.outDir, previous);
  await rename(job.staging, job.outDir);
  // The folded files of the published site (none for the Netlify form), where the next build finds them to reuse.
  await rm(foldedFolder(job.cacheDir), { recursive: true, force: true });
  if (await exists(foldedStaging(job))) await rename(foldedStaging(job), foldedFolder(job.cacheDir));
  await commitManifest(job.cacheDir, job.nextManifest);
  // In one call: twice as fast as the promise API's walk (0.1 s for a 5,000-note site's 15,690 files).
  rmSync(previous, { recursive: true, force: true });
};
