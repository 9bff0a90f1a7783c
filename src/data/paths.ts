/** getStaticPaths helpers, so each route is a few lines. */
import { createHash } from 'node:crypto';
import { siteData } from './site.ts';
import { publishedCaptureFiles } from '../lib/published-captures.ts';
import { pageCount, pageUrl } from '../lib/paging.ts';
import { outputFile, reusesFiles } from '../lib/page-reuse.ts';
import { noteUrl, routes } from '../lib/urls.ts';

/** Where a route writes an entry's file, from its id: a URL path. */
type FileOf = (id: string) => string;

/**
 * In `npm run build`, the paths whose files this build takes from the published site are left out
 * (lib/page-reuse.ts): a note's page and twin when its page key did not change, any other page when
 * the site key did not.
 */
const toRender = <T extends { id: string }>(items: readonly T[], urlOf: FileOf, key: string): T[] =>
  items.filter((item) => !reusesFiles([outputFile(urlOf(item.id))], key));

export const notePaths = async () => {
  const site = await siteData();
  return site.notes
    .filter((note) => !reusesFiles([outputFile(noteUrl(note.id)), outputFile(noteUrl(note.id, 'twin'))], note.pageKey))
    .map((note) => ({ params: { id: note.id }, props: { note } }));
};

/** A client's page, twin, feed or llms.txt, each at `urlOf(id)`. */
/**
 * The site key and every capture file's id and hash: a client's pages show its captures, cited by a
 * note or not, so a new or changed capture builds them again.
 */
const withCaptures = (key: string): string => {
  const hash = createHash('sha256').update(`${key}\0`);
  for (const file of publishedCaptureFiles()) hash.update(`${file.id}\0${file.sha256}\0`);
  return hash.digest('base64url');
};

export const clientPaths = (urlOf: FileOf) => async () => {
  const site = await siteData();
  return toRender(site.clients, urlOf, withCaptures(site.key)).map((client) => ({
    params: { id: client.id },
    props: { client },
  }));
};

export const revisionPaths = (urlOf: FileOf) => async () => {
  const site = await siteData();
  return toRender(site.revisions, urlOf, site.key).map((revision) => ({
    params: { id: revision.id },
    props: { revision },
  }));
};

export const capabilityPaths = (urlOf: FileOf) => async () => {
  const site = await siteData();
  return toRender(site.capabilities, urlOf, site.key).map((capability) => ({
    params: { id: capability.id },
    props: { capability },
  }));
};

/** `/research/page/2` onwards: page 1 is `/research` itself. */
export const researchPagePaths = async () => {
  const site = await siteData();
  const pages = Array.from({ length: pageCount(site.notes.length) - 1 }, (_, index) => ({ id: String(index + 2) }));
  return toRender(pages, (page) => pageUrl(routes.research.path, Number(page)), site.key).map((page) => ({
    params: { page: page.id },
  }));
};
