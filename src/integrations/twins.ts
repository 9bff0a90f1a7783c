import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { pipelineRun, publication } from 'canimcp/build-context';
import { OPEN_FILES, mapLimited } from '../lib/tasks/map-limited.ts';
import { outputFile } from '../lib/outputs/output-files.ts';
import { entryOfPath, noteUrl, routes } from '../lib/routes/urls.ts';
import { MARKDOWN_TYPE } from '../lib/outputs/headers.ts';

/** The note whose twin a path is (`noteUrl(id, 'twin')`), else undefined. */
const twinOf = (path: string): string | undefined => {
  const entry = entryOfPath(path);
  return entry?.collection === 'research' && entry.form === 'twin' ? decodeURIComponent(entry.id) : undefined;
};

/**
 * Each note's `.md` twin (lib/outputs/twin.ts), written from the content the build holds rather than as an
 * Astro route: a twin is the note's own file with a derived header, and as 5,000 routes Astro's
 * per-page work cost more than building the page they copy. The build writes them into the output
 * once the pages are done, only those the plan does not take from the published site (their note
 * changed; src/node/page-reuse.ts); the others are linked
 * from the published site by the `reused-files` integration, and then `headers` lists the twins.
 * The dev server answers them from the content it last read. Twins of clients, revisions and
 * capabilities, and of the index pages, list other entries and stay routes.
 */
export const twins = (): AstroIntegration => ({
  name: 'canimcp:twins',
  hooks: {
    'astro:server:setup': ({ server }) => {
      server.middlewares.use((request, response, next) => {
        const id = twinOf(new URL(request.url ?? '/', 'http://dev').pathname);
        const twin = id === undefined ? undefined : publication()?.noteTwin(id);
        if (twin === undefined) return next();
        response.setHeader('Content-Type', MARKDOWN_TYPE);
        response.end(twin);
      });
    },
    'astro:build:done': async ({ dir, logger }) => {
      const published = publication();
      if (!published) throw new Error('twins: the content loader published no notes');
      const plan = await pipelineRun()?.plan;
      const site = fileURLToPath(dir);
      await mkdir(path.join(site, routes.research.path), { recursive: true });
      const ids = published.noteIds().filter((id) => plan?.reused.has(outputFile(noteUrl(id, 'twin'))) !== true);
      await mapLimited(ids, OPEN_FILES, (id) => {
        const twin = published.noteTwin(id);
        // Never an empty file in the output: a listed note without a twin is a bug, and fails the build.
        if (twin === undefined) throw new Error(`twins: no twin for the note ${id}`);
        return writeFile(path.join(site, outputFile(noteUrl(id, 'twin'))), twin);
      });
      logger.info(`twins: wrote ${ids.length} note twin${ids.length === 1 ? '' : 's'}`);
    },
  },
});
