import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { bodyOf, published } from '../lib/bodies.ts';
import { OPEN_FILES, mapLimited } from '../lib/map-limited.ts';
import { outputFile, reusePlan, reusesFiles } from '../lib/page-reuse.ts';
import { noteUrl } from '../lib/urls.ts';
import { linkReused } from '../node/page-reuse.ts';

/** `/research/<id>.md`, the only path a note's twin has. */
const TWIN_PATH = /^\/research\/([^/]+)\.md$/;

/**
 * Each note's `.md` twin (lib/twin.ts), written from the content the build holds rather than as an
 * Astro route: a twin is the note's own file with a derived header, and as 5,000 routes Astro's
 * per-page work cost more than building the page they copy. The build writes them into the output
 * once the pages are done, and takes the files of the pages that did not change from the published
 * site (lib/page-reuse.ts), before the headers integration lists the twins in the output.
 * The dev server answers them from the content it last read. Twins of clients, revisions and
 * capabilities, and of the index pages, list other entries and stay routes.
 */
export const twins = (): AstroIntegration => ({
  name: 'canimcp:twins',
  hooks: {
    'astro:server:setup': ({ server }) => {
      server.middlewares.use((request, response, next) => {
        const match = TWIN_PATH.exec(new URL(request.url ?? '/', 'http://dev').pathname);
        const twin = match ? published()?.noteTwin(decodeURIComponent(match[1] as string)) : undefined;
        if (twin === undefined) return next();
        response.setHeader('Content-Type', 'text/markdown; charset=utf-8');
        response.end(twin);
      });
    },
    'astro:build:done': async ({ dir, logger }) => {
      const publication = published();
      if (!publication) throw new Error('twins: the content loader published no notes');
      const site = fileURLToPath(dir);
      const folder = path.join(site, 'research');
      await mkdir(folder, { recursive: true });
      const plan = reusePlan();
      // A twin is the note's own file with a header made from it: the note's digest is all it depends on.
      const ids = publication.noteIds().filter((id) => {
        const digest = bodyOf('research', id)?.digest;
        return digest === undefined || !reusesFiles([outputFile(noteUrl(id, 'twin'))], `twin.${digest}`);
      });
      await mapLimited(ids, OPEN_FILES, (id) => {
        const twin = publication.noteTwin(id);
        // Never an empty file in the output: a listed note without a twin is a bug, and fails the build.
        if (twin === undefined) throw new Error(`twins: no twin for the note ${id}`);
        return writeFile(path.join(folder, `${id}.md`), twin);
      });
      logger.info(`twins: wrote ${ids.length} note twin${ids.length === 1 ? '' : 's'}`);
      if (plan !== undefined && plan.reused.size > 0) {
        await linkReused(plan, site);
        logger.info(`kept ${plan.reused.size} unchanged files of the published site`);
      }
    },
  },
});
