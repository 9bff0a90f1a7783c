/**
 * The page build of `npm run build`, the child process build-site.ts forks (through
 * src/cli/build-pages.ts): read → validate → render → plan pages → Astro → twins and files.
 */
import { startRun } from 'canimcp/build-context';
import { formatProblem } from '../../lib/content/problems.ts';
import { codeVersion } from '../code-version.ts';
import { shallowCloneWarning } from '../git.ts';
import { loadContent, type LoadResult } from '../content.ts';
import { pageKeys } from '../page-keys.ts';
import { pagesVersion, planReuse, writeManifest, type PagePlan } from '../page-reuse.ts';
import { contentDir, repoRoot } from '../paths.ts';
import { prepareContent, renderCacheFile, type Prepared } from '../prepare.ts';
import { recordLine } from '../records-cache.ts';
import { buildDate, configuredHost, configuredRepository, siteOrigin } from '../environment.ts';
import type { BuildJob, PageBuildMessage } from './job.ts';
import path from 'node:path';

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
  // The pages say the history is unavailable; the log says it too, with the fix, where a builder looks.
  const shallow = shallowCloneWarning(dir);
  if (shallow !== undefined) console.warn(shallow);
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
  const loaded = await loadContent(dir, { origin, today: buildDate(), cacheDir: job.cacheDir });
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
