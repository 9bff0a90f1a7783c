import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import * as pagefindApi from 'pagefind';
import { segmentCjkInHtml } from '../lib/cjk.ts';

/** How many pages are handed to the Pagefind service at once. */
const CONCURRENCY = 8;

/** `research/x.html` → `/research/x`, `index.html` → `/`: the URLs the site links to (no `.html`). */
export const pageUrl = (relative: string): string => {
  const url = `/${relative.split(path.sep).join('/')}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '');
  return url === '' ? '/' : url;
};

const htmlFiles = async (root: string): Promise<string[]> =>
  (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((relative) => !relative.startsWith(`pagefind${path.sep}`))
    .sort();

/** Pagefind's bundle types that Vite's dev server would not label correctly. */
const devTypes: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.css': 'text/css' };

/**
 * Indexes the built HTML with Pagefind's Node API after the build. Any indexing error fails the
 * build; wrappers that only log them ship a broken or stale index.
 *
 * Each page is read and handed over with `addHTMLFile` rather than `addDirectory`, so that the
 * index sees Chinese and Japanese text split into words (see src/lib/cjk.ts) while the page that
 * ships is untouched, and so results carry the site's own URLs (`/research/x`, not `.html`).
 *
 * In `npm run dev` there is no index of its own: the dev server serves the last build's
 * `dist/pagefind/`, and the search page says to run `npm run build` when there is none.
 */
export const pagefind = (): AstroIntegration => {
  let outDir = '';
  return {
    name: 'canimcp:pagefind',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use('/pagefind', (request, response, next) => {
          const bundle = path.join(outDir, 'pagefind');
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
      'astro:build:done': async ({ dir, logger }) => {
        const site = fileURLToPath(dir);
        const files = await htmlFiles(site);
        const { index, errors } = await pagefindApi.createIndex({});
        if (!index) throw new Error(`pagefind: could not create an index: ${errors.join('; ')}`);
        try {
          const failures: string[] = [];
          let next = 0;
          const worker = async () => {
            while (next < files.length) {
              const relative = files[next++] as string;
              const html = await readFile(path.join(site, relative), 'utf8');
              const added = await index.addHTMLFile({ url: pageUrl(relative), content: segmentCjkInHtml(html) });
              if (added.errors.length > 0) failures.push(`${relative}: ${added.errors.join('; ')}`);
            }
          };
          await Promise.all(Array.from({ length: CONCURRENCY }, worker));
          if (failures.length > 0) throw new Error(`pagefind: ${failures.join('\n')}`);
          const written = await index.writeFiles({ outputPath: path.join(site, 'pagefind') });
          if (written.errors.length > 0) throw new Error(`pagefind: ${written.errors.join('; ')}`);
          const entry = JSON.parse(await readFile(path.join(site, 'pagefind', 'pagefind-entry.json'), 'utf8')) as {
            languages: Record<string, { page_count: number }>;
          };
          const indexed = Object.values(entry.languages).reduce((sum, language) => sum + language.page_count, 0);
          logger.info(`pagefind: indexed ${indexed} of ${files.length} pages`);
        } finally {
          await pagefindApi.close();
        }
      },
    },
  };
};
