/**
 * `npm run build`, as the stages it runs, top to bottom:
 *
 *   read → validate → render → plan pages → Astro → twins and files   (the page build, a child process)
 *   index → swap into `dist/`                                            (this process)
 *
 * `buildSite` is the parent: it forks the page build (`buildPages`, started through build-pages.ts),
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
import { startRun } from 'canimcp/build-context';
import { formatProblem } from '../lib/content/problems.ts';
import { searchBundlePath } from '../lib/outputs/urls.ts';
import { clearLeftovers, previousFolder, stagingFolder } from '../node/build-folders.ts';
import { codeVersion } from '../node/code-version.ts';
import { loadContent, type LoadResult } from '../node/content.ts';
import { pageKeys } from '../node/page-keys.ts';
import {
  commitManifest,
  manifestFile,
  pagesVersion,
  planReuse,
  retractManifest,
  writeManifest,
  type PagePlan,
} from '../node/page-reuse.ts';
import { astroCacheDir, contentDir, repoRoot } from '../node/paths.ts';
import { prepareContent, renderCacheFile, type Prepared } from '../node/prepare.ts';
import { worthRewriting } from '../node/json-file.ts';
import { parseLines, readRecordsCache, recordLine, recordsCacheFile, writeRecordsCache } from '../node/records-cache.ts';
import { guessIndex, startIndex, type GuessedIndex, type PendingIndex } from '../node/search-index.ts';
import { buildDate, configuredHost, configuredRepository, siteOrigin } from '../node/environment.ts';

/** The folders of one build: what the parent hands the page build, as its one argument. */
export interface BuildJob {
  /** The published site, `dist/` unless `OUT_DIR` says otherwise. */
  outDir: string;
  /** Where this build's site is made, beside `outDir`, and renamed to it at the end. */
  staging: string;
  /** Astro's cache folder (`ASTRO_CACHE_DIR`), where every cache of the build lives. */
  cacheDir: string;
  /** The manifest of the pages the child built; it counts once its site is published. */
  nextManifest: string;
  quiet: boolean;
}

/**
 * The one message the page build sends the parent: its search records, as soon as they exist, as
 * lines of JSON in one string (`recordLine`): the parent compares them with the last build's as
 * they are and parses only those that changed, instead of holding 5,000 records as objects.
 */
export interface PageBuildMessage {
  kind: 'records';
  lines: string;
}

const pageBuildScript = fileURLToPath(new URL('./build-pages.ts', import.meta.url));

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
  // Index, begun on a guess while the child starts: Pagefind takes the last build's records in.
  const recordsFile = recordsCacheFile(cacheDir);
  const [scratch, seed] = indexFolders(job);
  const guessing = readRecordsCache(recordsFile).then((guess) => (guess ? guessIndex(guess, scratch, seed) : undefined));
  let index: Promise<PendingIndex> | undefined;
  let keeping: Promise<void> | undefined;
  // Read, validate, render, plan pages, Astro, twins and files: in the child, which sends the records.
  const code = await runPageBuild(job, (lines) => {
    index = guessing.then((guessed) =>
      settleIndex(guessed, lines, scratch, seed, (changed) => {
        if (worthRewriting(changed, lines.length)) keeping = writeRecordsCache(recordsFile, lines);
      }),
    );
  });
  try {
    if (code !== 0 || index === undefined) {
      // The child said why; an index it never finished is stopped, and nothing is left behind.
      await (index === undefined ? (await guessing)?.discard() : (await index).discard());
      await discardStaging(job);
      if (code === 0) throw new Error('the page build sent no search records');
      return false;
    }
    await writeIndex(await index, job);
  } finally {
    await keeping;
  }
  await swapIntoDist(job);
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

/**
 * Swap into `dist/`: the manifest is retracted first, so a build stopped in between renders every
 * page next time, and committed once the new site is in place.
 */
const swapIntoDist = async (job: BuildJob): Promise<void> => {
  const previous = previousFolder(job.outDir);
  await retractManifest(job.cacheDir);
  if (await exists(job.outDir)) await rename(job.outDir, previous);
  await rename(job.staging, job.outDir);
  await commitManifest(job.cacheDir, job.nextManifest);
  // In one call: twice as fast as the promise API's walk (0.1 s for a 5,000-note site's 15,690 files).
  rmSync(previous, { recursive: true, force: true });
};

/**
 * The page build, in a process of its own: read and validate (exit 1, nothing written, on any
 * problem), render, send the records, plan pages, run Astro into the staging folder (the `twins`
 * and `reused-files` integrations write the twins and link the kept files), keep the manifest.
 * Astro starts while the content renders: what it needs of this build, it finds in the build
 * context (`startRun`), and the content loader and the route helpers wait there for the content and
 * the plan.
 */
export const buildPages = async (job: BuildJob): Promise<void> => {
  const dir = contentDir();
  const origin = siteOrigin();
  // A REPOSITORY_URL that names no GitHub repository stops the build here, in one line; so does a
  // DEPLOY_HOST the build writes no _headers for.
  configuredRepository();
  configuredHost();
  const loaded = await readAndValidate(dir, origin, job);
  if (loaded === undefined) return;
  const prepared = render(dir, origin, loaded, job);
  const sending = prepared.then(sendRecords);
  const pages = pagesVersion(await codeVersion());
  const plan = planPages(job, pages, prepared, origin);
  // Content that could not be prepared fails the build where it is awaited (sending the records);
  // the plan made from it is then never awaited, and is no second, unhandled failure.
  void plan.catch(() => undefined);
  startRun({ dir, origin, prepared, plan, indexInParent: true });
  await Promise.all([sending, runAstro(job)]);
  await writeManifest(job.nextManifest, await plan, pages, job.staging);
};

/** Read and validate: every problem is printed, and the build stops before anything is written. */
const readAndValidate = async (dir: string, origin: string, job: BuildJob): Promise<LoadResult | undefined> => {
  const loaded = await loadContent(dir, { origin, today: buildDate() });
  const { problems } = loaded;
  if (problems.length === 0) return loaded;
  for (const problem of problems) console.error(formatProblem(problem));
  const out = path.relative(process.cwd(), job.outDir) || job.outDir;
  console.error(
    `\n${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was built and ${out}/ is unchanged`,
  );
  process.exitCode = 1;
  return undefined;
};

/**
 * Render: every body the render cache lacks is rendered once, while Astro starts up. The content
 * loader takes the result from the build context instead of reading the folder again.
 */
const render = (dir: string, origin: string, loaded: LoadResult, job: BuildJob): Promise<Prepared> =>
  prepareContent(dir, {
    origin,
    loaded,
    renderCacheFile: renderCacheFile(job.cacheDir),
    renderCacheOptions: { writeInBackground: true },
  });

/** Sends the records to the parent, then closes the channel: an open one would keep this process alive after Astro. */
const sendRecords = async (prepared: Prepared): Promise<void> => {
  await new Promise<void>((resolve, reject) => {
    if (!process.send) return resolve();
    const message: PageBuildMessage = { kind: 'records', lines: prepared.records().map(recordLine).join('\n') };
    process.send(message, (error: Error | null) => (error ? reject(error) : resolve()));
  });
  disconnect();
};

/**
 * Plan pages: every file's key, from the prepared content (page-keys.ts), and which files of the
 * published site were built with the same key (page-reuse.ts), for the routes and the twins to read.
 */
const planPages = async (job: BuildJob, pages: string, prepared: Promise<Prepared>, origin: string): Promise<PagePlan> =>
  planReuse(job.cacheDir, job.outDir, pages, pageKeys(await prepared, origin, buildDate()));

/** Astro: renders the pages into the staging folder; its integrations write the twins, the kept files and `_headers`. */
const runAstro = async (job: BuildJob): Promise<void> => {
  const { build } = await import('astro');
  await build({ root: repoRoot, outDir: job.staging, logLevel: job.quiet ? 'warn' : 'info', cacheDir: job.cacheDir });
};

/** Closes the channel to the parent, once. */
export const disconnect = (): void => {
  if (process.connected) process.disconnect();
};
