/** getStaticPaths helpers, so each route is a few lines. */
import { siteData } from './site.ts';
import { pageCount } from '../lib/paging.ts';
import { reusesPage } from '../lib/page-reuse.ts';

export const notePaths = async () => {
  const site = await siteData();
  // In `npm run build`, a note whose page key did not change keeps its published page (lib/page-reuse.ts).
  return site.notes
    .filter((note) => !reusesPage(note.id, note.pageKey))
    .map((note) => ({ params: { id: note.id }, props: { note } }));
};

export const clientPaths = async () => {
  const site = await siteData();
  return site.clients.map((client) => ({ params: { id: client.id }, props: { client } }));
};

export const revisionPaths = async () => {
  const site = await siteData();
  return site.revisions.map((revision) => ({ params: { id: revision.id }, props: { revision } }));
};

export const capabilityPaths = async () => {
  const site = await siteData();
  return site.capabilities.map((capability) => ({ params: { id: capability.id }, props: { capability } }));
};

/** `/research/page/2` onwards: page 1 is `/research` itself. */
export const researchPagePaths = async () => {
  const site = await siteData();
  return Array.from({ length: pageCount(site.notes.length) - 1 }, (_, index) => ({ params: { page: String(index + 2) } }));
};
