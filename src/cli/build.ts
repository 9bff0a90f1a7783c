/**
 * `npm run build`: validates the content, then builds the site into a fresh folder and swaps it
 * into `dist/` only when everything succeeded, so a failed build leaves the last good `dist/` as it
 * was. The stages are in src/node/pipeline/ (build-site.ts, this process; page-build.ts, its child).
 *   usage: npm run build        (no options; --help prints this)
 * Environment: CONTENT_DIR (the content folder), OUT_DIR (instead of dist/), ASTRO_CACHE_DIR (the
 * caches), SITE_URL (the origin), BUILD_DATE (today, YYYY-MM-DD), DEPLOY_HOST (netlify or
 * cloudflare), REPOSITORY_URL (where corrections are suggested). Exit 1 when the content has
 * problems or the build fails.
 */
import { buildSite } from '../node/pipeline/build-site.ts';
import { commandArgs } from '../node/command-line.ts';
import { fail } from './fail.ts';

export { buildSite };

const main = async () => {
  if (commandArgs(import.meta.url, { options: {} }) === undefined) return;
  if (!(await buildSite())) process.exitCode = 1;
};

if (import.meta.main) main().catch(fail);
