/** getStaticPaths helpers, so each route is a few lines. */
import { siteData } from './site.ts';

export const notePaths = async () => {
  const site = await siteData();
  return site.notes.map((note) => ({ params: { id: note.id }, props: { note } }));
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
