/**
 * The part of `npm run build` that runs in a process of its own (build.ts starts it): validates the
 * content, renders every body, sends the search records to the parent (which indexes them
 * meanwhile), then runs Astro into the staging folder. Exits 1, having said why, when the content
 * or the build fails. Its own process, so that Astro's memory is given back before Pagefind writes
 * its index.
 */
import path from 'node:path';
import { configuredHost } from '../lib/headers.ts';
import { configuredRepository } from '../lib/repository.ts';
import { handOver } from '../lib/handoff.ts';
import { setReusePlan } from '../lib/page-reuse.ts';
import { formatProblem } from '../lib/problems.ts';
import { siteOrigin } from '../lib/urls.ts';
import { checkCacheFile, readCheckCache } from '../node/check-cache.ts';
import { loadContent } from '../node/content.ts';
import { astroCacheDir, contentDir, repoRoot } from '../node/paths.ts';
import { prepareContent, renderCacheFile } from '../node/prepare.ts';
import { codeVersion } from '../node/code-version.ts';
import { pagesVersion, planReuse, writeManifest } from '../node/page-reuse.ts';
import { createRenderPool } from '../node/render-pool.ts';
import { recordLine } from '../node/records-cache.ts';
import { indexInParent } from '../node/search-index.ts';
import { installSyncDigest } from '../node/sync-digest.ts';
import { fail } from './fail.ts';

const main = async (staging: string, outDir: string, nextManifest: string) => {
  const cacheDir = astroCacheDir();
  const dir = contentDir();
  const origin = siteOrigin();
  // A REPOSITORY_URL that names no GitHub repository stops the build here, in one line.
  configuredRepository();
  // So does a DEPLOY_HOST the build writes no _headers for.
  configuredHost();
  const code = await codeVersion();
  const checks = await readCheckCache(checkCacheFile(cacheDir), code);
  const result = await loadContent(dir, { origin, cache: { checks: checks.memo } });
  const { problems } = result;
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(
      `\n${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was built and ${path.relative(process.cwd(), outDir) || outDir}/ is unchanged`,
    );
    process.exitCode = 1;
    return;
  }
  // Kept only from a build that goes on: a build stopped by a problem leaves everything as it was.
  const savingChecks = checks.save();
  // Every body the render cache lacks is rendered on every core, once, while Astro starts up; its
  // content loader waits for the result.
  const pool = createRenderPool();
  const preparing = prepareContent(dir, {
    origin,
    loaded: result,
    render: pool.render,
    renderCacheFile: renderCacheFile(cacheDir),
    renderCacheOptions: { writeInBackground: true },
  }).finally(() => pool.close());
  handOver(dir, origin, preparing);
  indexInParent();
  const sending = preparing.then(async (prepared) => {
    // Sent, then the channel closed: an open channel would keep this process alive after Astro.
    await new Promise<void>((resolve, reject) => {
      if (!process.send) return resolve();
      // As lines of JSON in one string: the parent compares them with the last build's as they are,
      // and parses only those that changed, instead of holding 5,000 records as objects.
      const lines = prepared.records().map(recordLine).join('\n');
      process.send({ lines }, (error: Error | null) => (error ? reject(error) : resolve()));
    });
    disconnect();
  });
  // Pages whose key and code did not change are taken from the published site (page-reuse.ts).
  const pages = pagesVersion(code);
  const plan = await planReuse(cacheDir, outDir, pages);
  setReusePlan(plan);
  // Astro's CSP hashes of every page's styles, computed in this thread (see sync-digest.ts).
  installSyncDigest();
  const { build } = await import('astro');
  await Promise.all([
    sending,
    build({
      root: repoRoot,
      outDir: staging,
      logLevel: process.argv.includes('--quiet') ? 'warn' : 'info',
      cacheDir,
    }),
  ]);
  await writeManifest(nextManifest, plan, pages);
  await savingChecks;
};

const disconnect = () => {
  if (process.connected) process.disconnect();
};

const [staging, outDir, nextManifest] = process.argv.slice(2);
if (staging === undefined || outDir === undefined || nextManifest === undefined) {
  fail(new Error('usage: build-pages.ts <staging folder> <output folder> <manifest file> [--quiet]; run npm run build instead'));
} else {
  main(staging, outDir, nextManifest).catch(fail).finally(disconnect);
}
