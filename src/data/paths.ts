/**
 * getStaticPaths helpers, so each route is a few lines: `export const getStaticPaths = clientPaths;`.
 *
 * In `npm run build`, a helper leaves out the items whose file this build takes from the published
 * site (lib/page-reuse.ts): a note's page when the note's page key did not change, any other page
 * when the site key did not. Which file an item's page is comes from the route's own pattern, which
 * Astro passes in (`routePattern`), so every route that uses a helper, a new one included, is
 * planned for without being listed anywhere.
 */
import type { GetStaticPathsOptions } from 'astro';
import { historyKey } from './history.ts';
import { siteData } from './site.ts';
import { pageCount } from '../lib/paging.ts';
import { reusesFiles, routeFile } from '../lib/page-reuse.ts';

/** What Astro passes a route's getStaticPaths that the helpers read. */
type Options = Pick<GetStaticPathsOptions, 'routePattern'>;

/** The items of a route whose page this build renders, each with its params. */
const toRender = <T>(
  options: Options,
  items: readonly T[],
  params: (item: T) => Record<string, string>,
  keyOf: (item: T) => string,
) => items.filter((item) => !reusesFiles([routeFile(options.routePattern, params(item))], keyOf(item)));

const byId = (item: { id: string }) => ({ id: item.id });

/** A note's page, or any other per-note route. */
export const notePaths = async (options: Options) => {
  const site = await siteData();
  return toRender(options, site.notes, byId, (note) => note.pageKey).map((note) => ({
    params: { id: note.id },
    props: { note },
  }));
};

/** A client's page, twin, feeds, llms.txt, or any other per-client route; keyed by the verdict history too, which client pages show. */
export const clientPaths = async (options: Options) => {
  const site = await siteData();
  const key = `${site.key}.${historyKey()}`;
  return toRender(options, site.clients, byId, () => key).map((client) => ({
    params: { id: client.id },
    props: { client },
  }));
};

/** A revision's page, twin, llms.txt, or any other per-revision route. */
export const revisionPaths = async (options: Options) => {
  const site = await siteData();
  return toRender(options, site.revisions, byId, () => site.key).map((revision) => ({
    params: { id: revision.id },
    props: { revision },
  }));
};

/** A capability's page, twin, or any other per-capability route. */
export const capabilityPaths = async (options: Options) => {
  const site = await siteData();
  return toRender(options, site.capabilities, byId, () => site.key).map((capability) => ({
    params: { id: capability.id },
    props: { capability },
  }));
};

/** `/research/page/2` onwards: page 1 is `/research` itself. */
export const researchPagePaths = async (options: Options) => {
  const site = await siteData();
  const pages = Array.from({ length: pageCount(site.notes.length) - 1 }, (_, index) => String(index + 2));
  return toRender(
    options,
    pages,
    (page) => ({ page }),
    () => site.key,
  ).map((page) => ({ params: { page } }));
};
