import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefindApi from 'pagefind';

/**
 * Indexes the built HTML with Pagefind's Node API after the build. Any indexing error fails the
 * build; wrappers that only log them ship a broken or stale index.
 */
export const pagefind = (): AstroIntegration => ({
  name: 'canimcp:pagefind',
  hooks: {
    'astro:build:done': async ({ dir, logger }) => {
      const site = fileURLToPath(dir);
      const { index, errors } = await pagefindApi.createIndex({});
      if (!index) throw new Error(`pagefind: could not create an index: ${errors.join('; ')}`);
      try {
        const added = await index.addDirectory({ path: site });
        if (added.errors.length > 0) throw new Error(`pagefind: ${added.errors.join('; ')}`);
        const written = await index.writeFiles({ outputPath: `${site}/pagefind` });
        if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
        logger.info(`pagefind: indexed ${added.page_count} pages`);
      } finally {
        await pagefindApi.close();
      }
    },
  },
});
