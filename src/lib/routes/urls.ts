import type { CollectionName } from '../../schema/index.ts';

/**
 * Every URL the site builds, in one place: the fixed pages and files (`routes`), and builders for the
 * pages made per entry. Pages, feeds, llms.txt, the sitemap and the link checker all read from here,
 * so a link that check accepts is a link the build writes.
 */

/** Which form of a page: the HTML page for readers, or the `.md` twin for agents. */
export type Form = 'html' | 'twin';

/** A fixed page or file: its path, its label where it is in the main navigation, and whether it is HTML. */
export interface Route {
  path: string;
  /** The main navigation's label; pages without one are not in the navigation. */
  nav?: string;
  /** An HTML page (listed in the sitemap) rather than a file. */
  html: boolean;
  /** The page's `.md` twin, where it has one. */
  twin?: string;
}

/** The fixed pages and files, in navigation order where they are in the navigation. */
export const routes = {
  home: { path: '/', html: true, twin: '/index.md' },
  research: { path: '/research', nav: 'Research', html: true, twin: '/research.md' },
  clients: { path: '/clients', nav: 'Clients', html: true, twin: '/clients.md' },
  revisions: { path: '/revisions', nav: 'Revisions', html: true, twin: '/revisions.md' },
  capabilities: { path: '/capabilities', nav: 'Capabilities', html: true, twin: '/capabilities.md' },
  features: { path: '/features', nav: 'Features', html: true, twin: '/features.md' },
  matrix: { path: '/matrix', nav: 'Matrix', html: true, twin: '/matrix.md' },
  captures: { path: '/captures', html: true, twin: '/captures.md' },
  checkServer: { path: '/check-server', html: true, twin: '/check-server.md' },
  search: { path: '/search', nav: 'Search', html: true },
  llms: { path: '/llms.txt', html: false },
  feed: { path: '/feed.xml', html: false },
  changes: { path: '/changes.xml', html: false },
  sitemap: { path: '/sitemap.xml', html: false },
  notesJson: { path: '/data/notes.json', html: false },
  matrixJson: { path: '/data/matrix.json', html: false },
  clientsJson: { path: '/data/clients.json', html: false },
  featuresJson: { path: '/data/features.json', html: false },
  historyJson: { path: '/data/history.json', html: false },
  featureStatusFeed: { path: '/features/status.xml', html: false },
  robots: { path: '/robots.txt', html: false },
} as const satisfies Record<string, Route>;

const routeList: readonly Route[] = Object.values(routes);

/** Where Pagefind's bundle is served from: the build writes it there and the search scripts load it from there. */
export const searchBundlePath = '/pagefind';

/** The main navigation, in order. */
export const navRoutes = routeList.flatMap((route) => (route.nav === undefined ? [] : [{ path: route.path, label: route.nav }]));

/** The fixed HTML pages, for the sitemap. */
export const htmlRoutePaths = routeList.filter((route) => route.html).map((route) => route.path);

/** Every fixed path and twin, for the link checker. */
export const staticPaths: readonly string[] = routeList.flatMap((route) =>
  route.twin === undefined ? [route.path] : [route.path, route.twin],
);

/** A feature's path under /features: its dotted id with every `.` as `/` (FORMAT.md). */
export const featurePath = (id: string): string => id.replaceAll('.', '/');

/** Where an entry lives. One place, both forms; HTML URLs never carry a trailing slash. */
export const entryUrl = (collection: CollectionName, id: string, form: Form): string => {
  const at = collection === 'features' ? featurePath(id) : id;
  return form === 'html' ? `/${collection}/${at}` : `/${collection}/${at}.md`;
};

/** Shorthands for the collections. */
export const noteUrl = (id: string, form: Form = 'html') => entryUrl('research', id, form);
export const clientUrl = (id: string, form: Form = 'html') => entryUrl('clients', id, form);
export const revisionUrl = (id: string, form: Form = 'html') => entryUrl('revisions', id, form);
export const capabilityUrl = (id: string, form: Form = 'html') => entryUrl('capabilities', id, form);
export const featureUrl = (id: string, form: Form = 'html') => entryUrl('features', id, form);

/** A capture's page, its twin, or the capture file itself (`file`), byte for byte. */
export const captureUrl = (id: string, form: Form | 'file' = 'html'): string =>
  form === 'html' ? `/captures/${id}` : form === 'twin' ? `/captures/${id}.md` : `/captures/${id}.jsonl`;

/** A JSON Schema the site serves, by name (`note`, `matrix-export`, …). */
export const schemaUrl = (name: string): string => `/schema/${name}.json`;

/** A JSON export under `/data/`: where it is, the name of its JSON Schema, and what it holds. */
export interface DataExport {
  path: string;
  schema: string;
  what: string;
}

/** Every JSON export, each with its schema: /matrix lists them, so each is linked and its schema known. */
export const dataExports = [
  { path: routes.notesJson.path, schema: 'notes-export', what: 'every note: its frontmatter, canonical URL, twin and backlinks' },
  { path: routes.matrixJson.path, schema: 'matrix-export', what: 'every cell of both matrices, unknown ones included' },
  {
    path: routes.clientsJson.path,
    schema: 'clients-export',
    what: 'every client with the clientInfo and User-Agent captures observed of it',
  },
  { path: routes.historyJson.path, schema: 'history-export', what: 'every change of a verdict, newest first, read from git' },
  {
    path: routes.featuresJson.path,
    schema: 'features-export',
    what: 'every client × feature cell with its state, version runs, evidence and notes, unknown ones included',
  },
] as const satisfies readonly DataExport[];

/**
 * The collections, checked against the schema's by type alone: this module runs in the browser, and
 * importing the schema's list would bring zod, whose start-up probe for eval breaks the pages' CSP.
 */
const entryFolders: Record<CollectionName, true> = {
  research: true,
  clients: true,
  revisions: true,
  capabilities: true,
  features: true,
};
const isCollection = (name: string | undefined): name is CollectionName =>
  name !== undefined && Object.hasOwn(entryFolders, name);

/** The entry a path is the page or twin of (the inverse of `entryUrl`), with its id as written in the path. */
export const entryOfPath = (path: string): { collection: CollectionName; id: string; form: Form } | undefined => {
  const feature = /^\/features\/(.+?)(\.md)?$/.exec(path);
  if (feature?.[1] !== undefined)
    return { collection: 'features', id: feature[1].replaceAll('/', '.'), form: feature[2] ? 'twin' : 'html' };
  const match = /^\/([a-z]+)\/([^/]+?)(\.md)?$/.exec(path);
  const collection = match?.[1];
  if (match?.[2] === undefined || !isCollection(collection)) return undefined;
  return { collection, id: match[2], form: match[3] ? 'twin' : 'html' };
};

/** The capture a path is the page, twin or file of (the inverse of `captureUrl`), with its id as written. */
export const captureOfPath = (path: string): { id: string; form: Form | 'file' } | undefined => {
  const prefix = `${routes.captures.path}/`;
  if (!path.startsWith(prefix)) return undefined;
  const match = /^([^/]+?)(\.md|\.jsonl)?$/.exec(path.slice(prefix.length));
  if (match?.[1] === undefined) return undefined;
  return { id: match[1], form: match[2] === '.md' ? 'twin' : match[2] === '.jsonl' ? 'file' : 'html' };
};

/** A client's capture list (`/clients/<id>/captures`, paged as `…/captures/page/<n>`), or its twin. */
export const clientCapturesUrl = (id: string, form: Form = 'html'): string =>
  form === 'html' ? `/clients/${id}/captures` : `/clients/${id}/captures.md`;

/** A client's versions page (`/clients/<id>/versions`: every captured version one a row, and the identities observed), or its twin. */
export const clientVersionsUrl = (id: string, form: Form = 'html'): string =>
  form === 'html' ? `/clients/${id}/versions` : `/clients/${id}/versions.md`;

/** Collections whose entries have a scoped llms.txt and (clients only) an Atom feed of their own. */
type Scoped = 'clients' | 'revisions';

/** The llms.txt for one client's or revision's notes, or the whole site's. */
export const llmsUrl = (scope?: { collection: Scoped; id: string }): string =>
  scope === undefined ? routes.llms.path : `/${scope.collection}/${scope.id}/llms.txt`;

/** A client's Atom feed, or the whole site's. */
export const feedUrl = (clientId?: string): string =>
  clientId === undefined ? routes.feed.path : `/clients/${clientId}/feed.xml`;

/** A notes feed's own title, for the feed and for the pages that link it (client by name, else the site's). */
export const feedTitle = (clientName?: string): string =>
  clientName === undefined ? 'canimcp: MCP client research notes' : `canimcp: ${clientName}`;

/** A verdict-changes feed's own title, for the feed and for the pages that link it. */
export const changesTitle = (clientName?: string): string =>
  clientName === undefined ? 'canimcp: verdict changes' : `canimcp: ${clientName} verdict changes`;

/** The Atom feed of one client's verdict changes, or of every client's. */
export const changesUrl = (clientId?: string): string =>
  clientId === undefined ? routes.changes.path : `/clients/${clientId}/changes.xml`;

/** Whether a path is one of the per-entry files that `llmsUrl`, `feedUrl` and `changesUrl` build. */
export const isScopedFilePath = (path: string): boolean =>
  /^\/(clients|revisions)\/[^/]+\/llms\.txt$|^\/clients\/[^/]+\/(feed|changes)\.xml$/.test(path);

/** A README badge: a feature's status, or one client's state of it. */
export const badgeUrl = (feature: string, client?: string): string =>
  `/badges/${featurePath(feature)}${client === undefined ? '' : `/${client}`}.svg`;

/** Absolute URL on the site's origin. */
export const absoluteUrl = (origin: string, path: string): string => `${origin.replace(/\/+$/, '')}${path}`;

/** A note's canonical URL, as FORMAT.md derives it. */
export const canonicalNoteUrl = (origin: string, id: string): string => absoluteUrl(origin, noteUrl(id));

/** The site's origin as configured (`SITE_URL`, read by src/node/environment.ts), without a trailing slash. */
export const originOf = (configured: string | undefined): string => (configured ?? 'https://canimcp.io').replace(/\/+$/, '');
