import type { CollectionName } from '../schema/index.ts';

/** Which form of a page: the HTML page for readers, or the `.md` twin for agents. */
export type Form = 'html' | 'twin';

/** Where an entry lives. One place, both forms; HTML URLs never carry a trailing slash. */
export const entryUrl = (collection: CollectionName, id: string, form: Form): string =>
  form === 'html' ? `/${collection}/${id}` : `/${collection}/${id}.md`;

/** Shorthands for the four collections. */
export const noteUrl = (id: string, form: Form = 'html') => entryUrl('research', id, form);
export const clientUrl = (id: string, form: Form = 'html') => entryUrl('clients', id, form);
export const revisionUrl = (id: string, form: Form = 'html') => entryUrl('revisions', id, form);
export const capabilityUrl = (id: string, form: Form = 'html') => entryUrl('capabilities', id, form);

/** A collection's index page, which lists every entry. */
export const collectionUrl = (collection: CollectionName): string => `/${collection}`;

/** Absolute URL on the site's origin. */
export const absoluteUrl = (site: string, path: string): string => `${site.replace(/\/+$/, '')}${path}`;

/** A note's canonical URL, as FORMAT.md derives it. */
export const canonicalNoteUrl = (site: string, id: string): string => absoluteUrl(site, noteUrl(id));

/** The site's origin: `SITE_URL`, without a trailing slash. */
export const siteOrigin = (): string => (process.env['SITE_URL'] ?? 'https://canimcp.io').replace(/\/+$/, '');

/** Pages that are not entries but may be linked from a note's body. */
export const staticPaths: readonly string[] = [
  '/',
  '/research',
  '/clients',
  '/revisions',
  '/capabilities',
  '/matrix',
  '/search',
  '/llms.txt',
  '/feed.xml',
  '/sitemap.xml',
  '/data/notes.json',
  '/data/matrix.json',
  '/index.md',
  '/matrix.md',
  '/research.md',
  '/clients.md',
  '/revisions.md',
  '/capabilities.md',
  '/robots.txt',
  '/about',
];
