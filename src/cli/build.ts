/**
 * `npm run build`: validates the content, then builds the site into a fresh folder and swaps it
 * into `dist/` only when everything succeeded, so a failed build leaves the last good `dist/` as it was.
 */
import { rm, rename, stat } from 'node:fs/promises';
import path from 'node:path';
import { configuredRepository } from '../lib/repository.ts';
import { loadContent } from '../node/content.ts';
import { clearLeftovers, previousFolder, stagingFolder } from '../node/build-folders.ts';
import { handOver } from '../lib/handoff.ts';
import { prepareContent, renderCacheFile } from '../node/prepare.ts';
import { createRenderPool } from '../node/render-pool.ts';
import { handOverIndex, startIndex, takeIndex } from '../node/search-index.ts';
import { astroCacheDir, contentDir, repoRoot } from '../node/paths.ts';
import { formatProblem } from '../lib/problems.ts';
import { siteOrigin } from '../lib/urls.ts';
import { fail } from './fail.ts';

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
  const dir = contentDir();
  const origin = siteOrigin();
  // A REPOSITORY_URL that names no GitHub repository stops the build here, in one line.
  configuredRepository();
  const result = await loadContent(dir, { origin });
  const { problems } = result;
  if (problems.length > 0) {
    for (const problem of problems) console.error(formatProblem(problem));
    console.error(
      `\n${problems.length} problem${problems.length === 1 ? '' : 's'} found; nothing was built and ${path.relative(process.cwd(), outDir) || outDir}/ is unchanged`,
    );
    return false;
  }
  // Every body the render cache lacks is rendered on every core, once, before Astro starts.
  const pool = createRenderPool();
  const prepared = await prepareContent(dir, {
    origin,
    loaded: result,
    render: pool.render,
    renderCacheFile: renderCacheFile(cacheDir),
  }).finally(() => pool.close());
  // The search index is built from the records, in Pagefind's own process, while Astro starts and
  // renders the pages; the build's integration moves it into the output at the end.
  handOverIndex(startIndex(prepared.records(), path.join(cacheDir, 'canimcp', `pagefind-${process.pid}`)));
  handOver(dir, origin, prepared);
  const staging = stagingFolder(outDir);
  const previous = previousFolder(outDir);
  const { build } = await import('astro');
  try {
    await build({
      root: repoRoot,
      outDir: staging,
      logLevel: options.quiet ? 'warn' : 'info',
      cacheDir,
    });
  } catch (error) {
    // An index Astro never got to: stop it, and leave no scratch folder behind.
    await takeIndex()?.discard();
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (await exists(outDir)) await rename(outDir, previous);
  await rename(staging, outDir);
  await rm(previous, { recursive: true, force: true });
  return true;
};

if (import.meta.main) {
  buildSite()
    .then((ok) => {
      if (!ok) process.exitCode = 1;
    })
    .catch(fail);
}
