import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pipelineRun, publication } from 'canimcp/build-context';
import { searchBundlePath } from '../lib/routes/urls.ts';
import { startIndex, type PendingIndex } from '../node/search-index.ts';

/** Pagefind's bundle types that Vite's dev server would not label correctly. */
const devTypes: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };

/**
 * Builds the Pagefind index from the content the build already holds, not from the built pages:
 * one search record per note, client, revision and capability (lib/search/search-records.ts). `npm run
 * build` indexes in its own process (cli/pipeline.ts), and says so in the build context; a bare
 * `astro build` indexes here, from the records the content loader published: Pagefind takes them in
 * beside page generation and writes its bundle once the pages are done. Any indexing error fails
 * the build.
 *
 * In `npm run dev` there is no index of its own: the dev server serves the last build's
 * `dist/pagefind/`, and the search page says to run `npm run build` when there is none.
 */
export const pagefind = (): AstroIntegration => {
  let outDir = '';
  let cacheDir = '';
  let pending: PendingIndex | undefined;
  return {
    name: 'canimcp:pagefind',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
        cacheDir = fileURLToPath(config.cacheDir);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(searchBundlePath, (request, response, next) => {
          const bundle = path.join(outDir, searchBundlePath);
          const file = path.join(bundle, path.normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://dev').pathname)));
          if (!file.startsWith(bundle + path.sep)) return next();
          stat(file).then(
            (info) => {
              if (!info.isFile()) return next();
              response.setHeader('Content-Type', devTypes[path.extname(file)] ?? 'application/octet-stream');
              response.setHeader('Cache-Control', 'no-cache');
              createReadStream(file).pipe(response);
            },
            () => next(),
          );
        });
      },
      'astro:build:start': () => {
        if (pipelineRun()?.indexInParent === true) return;
        const records = publication()?.records();
        if (!records) throw new Error('pagefind: the content loader published no search records');
        // In the cache folder: a build that fails half-way leaves nothing beside the output.
        pending = startIndex(records, path.join(cacheDir, 'canimcp', `pagefind-${process.pid}`));
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (pipelineRun()?.indexInParent === true) return;
        if (!pending) throw new Error('pagefind: indexing never started');
        const indexed = await pending.write(path.join(fileURLToPath(dir), searchBundlePath));
        pending = undefined;
        logger.info(`pagefind: indexed ${indexed} records`);
      },
    },
  };
};
