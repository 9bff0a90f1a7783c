/**
 * `npm run build`: validates the content, then builds the site into a fresh folder and swaps it
 * into `dist/` only when everything succeeded, so a failed build leaves the last good `dist/` as it
 * was. The stages are in src/node/pipeline/ (build-site.ts, this process; page-build.ts, its child).
 */
import { buildSite } from '../node/pipeline/build-site.ts';
import { fail } from './fail.ts';

export { buildSite };

if (import.meta.main) {
  buildSite()
    .then((ok) => {
      if (!ok) process.exitCode = 1;
    })
    .catch(fail);
}
