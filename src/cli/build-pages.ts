/**
 * The page build of `npm run build`, in a process of its own (`buildSite`, src/node/pipeline/build-site.ts,
 * starts it with its job as the one argument): read, validate, render, plan pages, Astro, twins and
 * files (`buildPages`, src/node/pipeline/page-build.ts). Its own process, so that Astro's memory is
 * given back before Pagefind writes its index. Exits 1, having said why, when the content or the build fails.
 */
import { fail } from './fail.ts';
import type { BuildJob } from '../node/pipeline/job.ts';
import { buildPages, disconnect } from '../node/pipeline/page-build.ts';

const [argument] = process.argv.slice(2);
if (argument === undefined) {
  fail(new Error('usage: build-pages.ts <build job as JSON>; run npm run build instead'));
} else {
  buildPages(JSON.parse(argument) as BuildJob)
    .catch(fail)
    .finally(disconnect);
}
