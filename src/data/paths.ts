/**
 * getStaticPaths helpers, so each route is a few lines: `export const getStaticPaths = clientPaths;`.
 *
 * In `npm run build`, a helper leaves out the items whose file this build takes from the published
 * site: the plan made before Astro started (src/node/page-reuse.ts) lists them, and a helper only
 * reads it. Which file an item's page is comes from the route's own pattern, which Astro passes in
 * (`routePattern`), and the plan keys every file under an entry's folder (src/node/page-keys.ts),
 * so every route that uses a helper, a new one included, is planned for without being listed
 * anywhere.
 */
import { pipelineRun } from 'canimcp/build-context';
import type { GetStaticPathsOptions } from 'astro';
import { noteView, siteData } from './site.ts';
import { pageCount } from '../lib/outputs/paging.ts';
import { capturePageCount } from '../lib/outputs/capture-index.ts';
import { CLIENT_CAPTURE_PAGE_SIZE } from '../lib/outputs/client-captures.ts';
import { captureData } from './captures.ts';
import { routeFile } from '../lib/outputs/output-files.ts';
import { featurePath } from '../lib/routes/urls.ts';

/** What Astro passes a route's getStaticPaths that the helpers read. */
type Options = Pick<GetStaticPathsOptions, 'routePattern'>;

/** The items of a route whose file this build renders: all but those the plan takes from the published site. */
const toRender = async <T>(options: Options, items: readonly T[], params: (item: T) => Record<string, string>) => {
  const plan = await pipelineRun()?.plan;
  if (plan === undefined) return items;
  return items.filter((item) => !plan.reused.has(routeFile(options.routePattern, params(item))));
};

const byId = (item: { id: string }) => ({ id: item.id });

/** A note's page, or any other per-note route: the one place a note's body reaches a page. */
export const notePaths = async (options: Options) => {
  const site = await siteData();
  return (await toRender(options, site.notes, byId)).map((note) => ({
    params: { id: note.id },
    props: { note: noteView(note) },
  }));
};

/** A client's page, twin, feeds, llms.txt, or any other per-client route. */
export const clientPaths = async (options: Options) => {
  const site = await siteData();
  return (await toRender(options, site.clients, byId)).map((client) => ({ params: { id: client.id }, props: { client } }));
};

/** The clients with captures, for a route about its captures (`/clients/<id>/captures` and its twin). */
const capturedClients = async () => {
  const [site, captures] = await Promise.all([siteData(), captureData()]);
  const captured = new Set(captures.map((view) => view.capture.header.client));
  return site.clients.filter((client) => captured.has(client.id));
};

/** A client's capture list, page 1, and its twin: only for a client with captures. */
export const clientCapturesPaths = async (options: Options) =>
  (await toRender(options, await capturedClients(), byId)).map((client) => ({ params: { id: client.id }, props: { client } }));

/** `/clients/<id>/captures/page/2` onwards, for each client with more than a page of captures. */
export const clientCapturePagePaths = async (options: Options) => {
  const captures = await captureData();
  const counts = new Map<string, number>();
  for (const view of captures) counts.set(view.capture.header.client, (counts.get(view.capture.header.client) ?? 0) + 1);
  const pages = (await capturedClients()).flatMap((client) =>
    Array.from({ length: pageCount(counts.get(client.id) ?? 0, CLIENT_CAPTURE_PAGE_SIZE) - 1 }, (_, index) => ({
      client,
      page: String(index + 2),
    })),
  );
  return (await toRender(options, pages, ({ client, page }) => ({ id: client.id, page }))).map(({ client, page }) => ({
    params: { id: client.id, page },
    props: { client },
  }));
};

/** A revision's page, twin, llms.txt, or any other per-revision route. */
export const revisionPaths = async (options: Options) => {
  const site = await siteData();
  return (await toRender(options, site.revisions, byId)).map((revision) => ({
    params: { id: revision.id },
    props: { revision },
  }));
};

/** A capability's page, twin, or any other per-capability route. */
export const capabilityPaths = async (options: Options) => {
  const site = await siteData();
  return (await toRender(options, site.capabilities, byId)).map((capability) => ({
    params: { id: capability.id },
    props: { capability },
  }));
};

/** `/research/page/2` onwards: page 1 is `/research` itself. */
export const researchPagePaths = async (options: Options) => {
  const site = await siteData();
  const pages = Array.from({ length: pageCount(site.notes.length) - 1 }, (_, index) => String(index + 2));
  return (await toRender(options, pages, (page) => ({ page }))).map((page) => ({ params: { page } }));
};

/** A feature's page or twin: its id with every `.` as `/`, as one rest parameter (`[...path]`). */
export const featurePaths = async (options: Options) => {
  const site = await siteData();
  const params = (feature: { id: string }) => ({ path: featurePath(feature.id) });
  return (await toRender(options, site.features, params)).map((feature) => ({ params: params(feature), props: { feature } }));
};

/** A capture's page, twin and file. */
export const capturePaths = async (options: Options) =>
  (await toRender(options, await captureData(), (view) => ({ id: view.capture.id }))).map((view) => ({
    params: { id: view.capture.id },
    props: { view },
  }));

/** `/captures/page/2` onwards: page 1 is `/captures` itself. Captures' pages are built every time (no page key). */
export const capturePagePaths = async () => {
  const pages = capturePageCount((await captureData()).length);
  return Array.from({ length: pages - 1 }, (_, index) => ({ params: { page: String(index + 2) } }));
};
