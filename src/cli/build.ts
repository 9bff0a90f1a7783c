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
import { createRenderPool } from '../node/render-pool.ts';
import { contentDir, repoRoot } from '../node/paths.ts';
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
  // Separate caches let builds of different content folders run side by side (tests, benchmarks).
  const cacheDir = process.env['ASTRO_CACHE_DIR'] ? path.resolve(repoRoot, process.env['ASTRO_CACHE_DIR']) : undefined;
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
  const pool = createRenderPool();
  // The loader renders once per build, before any page: the workers' memory is freed right after.
  handOver(dir, origin, result, async (texts, origin) => {
    try {
      return await pool.render(texts, origin);
    } finally {
      await pool.close();
    }
  });
  const staging = stagingFolder(outDir);
  const previous = previousFolder(outDir);
  const { build } = await import('astro');
  try {
    await build({
      root: repoRoot,
      outDir: staging,
      logLevel: options.quiet ? 'warn' : 'info',
      ...(cacheDir ? { cacheDir } : {}),
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    await pool.close();
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
