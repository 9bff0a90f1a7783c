/** Inputs for the machine-readable outputs, gathered from the site data. */
import { captureData } from './captures.ts';
import { siteData } from './site.ts';
import {
  absoluteUrl,
  capabilityUrl,
  captureUrl,
  clientCapturesUrl,
  clientUrl,
  clientVersionsUrl,
  featureUrl,
  htmlRoutePaths,
  noteUrl,
  revisionUrl,
  routes,
} from '../lib/routes/urls.ts';
import { backlinks } from '../lib/outputs/indexes.ts';
import { pageCount, pageUrl } from '../lib/outputs/paging.ts';
import { capturePageCount } from '../lib/outputs/capture-index.ts';
import { CLIENT_CAPTURE_PAGE_SIZE } from '../lib/outputs/client-captures.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';

/** Every HTML page the site builds, for the sitemap. */
export const htmlPages = async () => {
  const [site, captures] = await Promise.all([siteData(), captureData()]);
  const newest = site.notes[0]?.lastUpdated;
  return [
    ...htmlRoutePaths.map((path) => ({
      path,
      ...(newest ? { lastmod: newest } : {}),
    })),
    ...Array.from({ length: pageCount(site.notes.length) - 1 }, (_, index) => ({
      path: pageUrl(routes.research.path, index + 2),
    })),
    ...Array.from({ length: capturePageCount(captures.length) - 1 }, (_, index) => ({
      path: pageUrl(routes.captures.path, index + 2),
    })),
    ...site.notes.map((note) => ({ path: noteUrl(note.id), lastmod: note.lastUpdated })),
    ...site.clients.map((client) => ({ path: clientUrl(client.id), lastmod: client.lastUpdated })),
    ...site.revisions.map((revision) => ({ path: revisionUrl(revision.id), lastmod: revision.lastUpdated })),
    ...site.capabilities.map((capability) => ({ path: capabilityUrl(capability.id), lastmod: capability.lastUpdated })),
    ...site.features.map((feature) => ({ path: featureUrl(feature.id), lastmod: feature.lastUpdated })),
    // Each client's versions page and capture list, page by page, for the clients with captures.
    ...[...Map.groupBy(captures, (view) => view.capture.header.client)].flatMap(([client, views]) => [
      { path: clientVersionsUrl(client) },
      ...Array.from({ length: pageCount(views.length, CLIENT_CAPTURE_PAGE_SIZE) }, (_, index) => ({
        path: pageUrl(clientCapturesUrl(client), index + 1),
      })),
    ]),
    ...captures.map((view) => ({
      path: captureUrl(view.capture.id),
      lastmod: view.summary.capturedAt.slice(0, 10),
    })),
  ];
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
