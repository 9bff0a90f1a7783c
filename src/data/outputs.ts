/** Inputs for the machine-readable outputs, gathered from the site data. */
import { captureData } from './captures.ts';
import { siteData } from './site.ts';
import { absoluteUrl, featurePath, formUrl, noteUrl } from '../lib/routes/urls.ts';
import { outputs, type Output, type OutputName } from '../lib/routes/outputs.ts';
import { backlinks } from '../lib/outputs/indexes.ts';
import { pageCount } from '../lib/outputs/paging.ts';
import { capturePageCount } from '../lib/outputs/capture-index.ts';
import { CLIENT_CAPTURE_PAGE_SIZE } from '../lib/outputs/client-captures.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';

/** The outputs with a page per entry or per page number that the sitemap lists (outputs.ts, `sitemap`). */
type ListedPerItem = {
  [K in OutputName]: (typeof outputs)[K] extends { sitemap: true; pattern: `${string}<${string}` } ? K : never;
}[OutputName];

/** One page of an output: what its pattern's `<…>` stand for, and its date where it has one. */
interface Instance {
  params: Record<string, string>;
  lastmod?: string;
}

type Inputs = { site: Awaited<ReturnType<typeof siteData>>; captures: Awaited<ReturnType<typeof captureData>> };

/** Pages 2 to `count`, as `<n>`. */
const laterPages = (count: number, params: Record<string, string> = {}): Instance[] =>
  Array.from({ length: Math.max(0, count - 1) }, (_, index) => ({ params: { ...params, n: String(index + 2) } }));

/** The clients with captures, each with how many. */
const capturedClients = (captures: Inputs['captures']) => Map.groupBy(captures, (view) => view.capture.header.client);

/** Each listed output's pages; a new one fails to compile until it is here. */
const instances: Record<ListedPerItem, (inputs: Inputs) => Instance[]> = {
  researchPage: ({ site }) => laterPages(pageCount(site.notes.length)),
  note: ({ site }) => site.notes.map((note) => ({ params: { id: note.id }, lastmod: note.lastUpdated })),
  client: ({ site }) => site.clients.map((client) => ({ params: { id: client.id }, lastmod: client.lastUpdated })),
  clientVersions: ({ captures }) => [...capturedClients(captures).keys()].map((id) => ({ params: { id } })),
  clientCaptures: ({ captures }) => [...capturedClients(captures).keys()].map((id) => ({ params: { id } })),
  clientCapturesPage: ({ captures }) =>
    [...capturedClients(captures)].flatMap(([id, views]) =>
      laterPages(pageCount(views.length, CLIENT_CAPTURE_PAGE_SIZE), { id }),
    ),
  revision: ({ site }) => site.revisions.map((revision) => ({ params: { id: revision.id }, lastmod: revision.lastUpdated })),
  capability: ({ site }) =>
    site.capabilities.map((capability) => ({ params: { id: capability.id }, lastmod: capability.lastUpdated })),
  feature: ({ site }) =>
    site.features.map((feature) => ({ params: { path: featurePath(feature.id) }, lastmod: feature.lastUpdated })),
  capturesPage: ({ captures }) => laterPages(capturePageCount(captures.length)),
  capture: ({ captures }) =>
    captures.map((view) => ({ params: { id: view.capture.id }, lastmod: view.summary.capturedAt.slice(0, 10) })),
};

/** Every HTML page the sitemap lists: each output the table marks, page by page; fixed pages dated by the newest note. */
export const htmlPages = async (): Promise<{ path: string; lastmod?: string }[]> => {
  const [site, captures] = await Promise.all([siteData(), captureData()]);
  const newest = site.notes[0]?.lastUpdated;
  return (Object.entries(outputs) as [OutputName, Output][]).flatMap(([name, output]) => {
    if (output.sitemap !== true || !output.forms.includes('page')) return [];
    if (!output.pattern.includes('<')) return [{ path: output.pattern, ...(newest ? { lastmod: newest } : {}) }];
    return instances[name as ListedPerItem]({ site, captures }).map((instance) => ({
      path: formUrl(output, 'page', instance.params),
      ...(instance.lastmod === undefined ? {} : { lastmod: instance.lastmod }),
    }));
  });
};

/** `/data/notes.json`: every note's frontmatter and derived fields. */
export const notesExport = async () => {
  const site = await siteData();
  const origin = siteOrigin();
  const linked = backlinks(site.notes);
  return {
    site: origin,
    generated: buildDate(),
    notes: site.notes.map((note) => ({
      id: note.id,
      frontmatter: note.data,
      canonical: note.canonical,
      lastUpdated: note.lastUpdated,
      page: absoluteUrl(origin, noteUrl(note.id)),
      twin: absoluteUrl(origin, noteUrl(note.id, 'twin')),
      backlinks: linked.get(note.id) ?? [],
      correctedBy: note.correctedBy,
    })),
  };
};
