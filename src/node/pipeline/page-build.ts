/**
 * The page build of `npm run build`, the child process build-site.ts forks (through
 * src/cli/build-pages.ts) as soon as the build starts: plan pages → Astro → twins and files, on the
 * content the parent reads, validates and renders meanwhile (prepare.ts) and sends it.
 */
import { startRun } from 'canimcp/build-context';
import { codeVersion } from '../code-version.ts';
import { pageKeys } from '../page-keys.ts';
import { pagesVersion, planReuse, writeManifest, type PagePlan } from '../page-reuse.ts';
import { contentDir, repoRoot } from '../paths.ts';
import { assemblePrepared, type Prepared } from '../prepared.ts';
import { buildDate, siteOrigin } from '../environment.ts';
import type { BuildJob, PageBuildMessage, PreparedMessage } from './job.ts';

/**
 * The page build, in a process of its own: Astro starts at once, and what it needs of this build
 * it finds in the build context (`startRun`), where the content loader and the route helpers wait
 * for the content the parent sends and the plan made from it. Then Astro renders into the staging
 * folder (the `twins` and `reused-files` integrations write the twins and link the kept files), and
 * the manifest is kept. Content with problems never arrives: the parent stops this process first.
 */
export const buildPages = async (job: BuildJob): Promise<void> => {
  const dir = contentDir();
  const origin = siteOrigin();
  const prepared = receivePrepared();
  const pages = pagesVersion(await codeVersion());
  const plan = planPages(job, pages, prepared, origin);
  // Content that never arrives fails the build where the content loader awaits it; the plan made
  // from it is then never awaited, and is no second, unhandled failure.
  void plan.catch(() => undefined);
  startRun({ dir, origin, prepared, plan, indexInParent: true });
  await runAstro(job);
  await writeManifest(job.nextManifest, await plan, pages, job.staging);
};

/**
 * The content the parent prepared, from its one message, asked for once this process listens. The
 * channel is closed then, or it would keep this process alive after Astro.
 */
const receivePrepared = (): Promise<Prepared> =>
  new Promise<Prepared>((resolve, reject) => {
    if (!process.send) return reject(new Error('the page build runs under npm run build, which sends it the content'));
    const onDisconnect = () => reject(new Error('npm run build stopped before it sent the content'));
    process.once('disconnect', onDisconnect);
    process.once('message', (message: PreparedMessage) => {
      process.off('disconnect', onDisconnect);
      resolve(assemblePrepared(message.parts));
      disconnect();
    });
    const ready: PageBuildMessage = { kind: 'ready' };
    process.send(ready);
  });

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
