/**
 * The key of every file a build writes per entry, computed from the prepared content before Astro
 * renders anything: a file whose key equals the one the published site's copy was built with is
 * taken from there (page-reuse.ts), and the route helpers (src/data/paths.ts) and the twins only
 * read these keys. A key is complete when it changes whenever anything its file shows can change
 * under the same code and environment (both are in the manifest's version, `pagesVersion`):
 *
 * - the site key: every entry's frontmatter and `last-updated`, the whole file of every client,
 *   revision and capability, the origin, the build date and the problems. Every page but a note's
 *   own shows only that (lists, counts, titles, dates), so it keys revisions', capabilities' and
 *   the research listing's pages;
 * - a note's page, and any file under its folder (`research/<id>/…`): the site key and the note's
 *   digest (its file, `last-updated`, origin and drift marks), as another note's body never shows;
 * - a note's twin: its digest alone (the note's own file with a header made from it);
 * - a revision's and a capability's files: the site key and the capture files (their matrix
 *   column or row marks a verdict `observed` from the captures its notes cite);
 * - a client's files: those and the verdict history (a commit can change it without changing
 *   any file; its pages list its captures too); a feature's page and twin by the same parts, as its
 *   rows are the clients' verdicts and what their captures show;
 * - a capture's files (`captures/<id>.html`, `.md`, `.jsonl`): the site key, the capture file's
 *   hash and its page's title and description (`captureHeadings`: they say the day or the time only
 *   while another capture is alike, so a new capture can retitle the ones it resembles). A capture's
 *   page shows its own file, its client's name and the notes citing it, all in those, so adding a
 *   capture rebuilds the client's pages, the lists and the captures alike to it, not every other one.
 *
 * Each kind of file's key is made of the parts `keyScopes` names, and nothing else; the same table
 * says what its routes may read (tests/page-scopes.test.ts walks every keyed route's imports and
 * fails on a data module outside its parts), and the site part's data (src/data/site.ts) holds
 * notes as `NoteSummary`, no body in it, so a list page that reads a body does not compile.
 *
 * Every other file (the fixed pages, schemas) has no key and is built every time.
 */
import type { Body } from '../lib/outputs/bodies.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import type { CaptureBytes } from '../lib/content/capture-rules.ts';
import { captureHeadings, titledCapture } from '../lib/outputs/capture-titles.ts';
import { PAGE_TITLE_MAX } from '../lib/markdown/snippet.ts';
import { outputFile } from '../lib/outputs/output-files.ts';
import { pageCount, pageUrl } from '../lib/outputs/paging.ts';
import { formatProblem, type Problem } from '../lib/content/problems.ts';
import { captureUrl, entryUrl, routes } from '../lib/routes/urls.ts';
import type { VerdictHistory } from '../lib/matrix/verdict-history.ts';
import { collections, type CollectionName } from '../schema/index.ts';
import { cacheKey } from './json-file.ts';

/** What the keys are made of: the prepared content (prepare.ts) holds all of it. */
export interface KeyedContent {
  /** The notes' frontmatter, by id, in a stable order. */
  content: { research: readonly { id: string; data: unknown }[]; clients: readonly { id: string; data: { name: string } }[] };
  /** Every entry's digest and `last-updated`. */
  bodies: readonly (readonly [CollectionName, string, Pick<Body, 'digest' | 'lastUpdated'>])[];
  problems: readonly Problem[];
  history: VerdictHistory;
  captureFiles: readonly Pick<CaptureBytes, 'id' | 'sha256'>[];
  /** The valid captures' headers: a capture page's title tells it from the captures alike (capture-titles.ts). */
  validCaptures: ReadonlyMap<string, Pick<Capture, 'header'>>;
}

/**
 * What a key can be made of: `site` (above), `captures` (every capture file's id and hash),
 * `history` (the verdict history), `note` (a note's digest: its own file, `last-updated`, origin
 * and drift marks) and `capture` (one capture file's hash).
 */
export type KeyPart = 'site' | 'captures' | 'history' | 'note' | 'capture';

/** Per kind of keyed file, the parts its key is made of: all its pages may read. */
export const keyScopes = {
  /** A note's page and anything under its folder. */
  notes: ['site', 'note'],
  /** A note's twin. */
  twins: ['note'],
  clients: ['site', 'captures', 'history'],
  revisions: ['site', 'captures'],
  capabilities: ['site', 'captures'],
  features: ['site', 'captures', 'history'],
  /** A capture's page, twin and file. */
  captures: ['site', 'capture'],
  /** The research listing's pages after the first. */
  listing: ['site'],
} as const satisfies Record<string, readonly KeyPart[]>;

/** A kind of keyed file. */
export type KeyScope = keyof typeof keyScopes;

/** This build's keys, for `fileKey`. */
export interface PageKeys {
  /** The key of the research listing's pages. */
  listingKey: string;
  /** By collection, the key of every file of its entries. */
  entryKeys: Readonly<Record<Exclude<CollectionName, 'research'>, string>>;
  /** By note id: its page's key and its twin's. */
  notes: ReadonlyMap<string, { page: string; twin: string }>;
  /** The ids of the other entries with files of their own. */
  entries: Readonly<Record<Exclude<CollectionName, 'research'>, ReadonlySet<string>>>;
  /** The research listing's pages after the first (`research/page/2.html`, …). */
  listing: ReadonlySet<string>;
  /** By capture id: the key of its page, twin and file. */
  captures: ReadonlyMap<string, string>;
}

/** The keys of a build of `content` on `origin`, dated `date`. */
export const pageKeys = (content: KeyedContent, origin: string, date: string): PageKeys => {
  const byEntry = new Map(content.bodies.map(([collection, id, body]) => [`${collection}/${id}`, body]));
  const siteParts = [origin, date, content.problems.map(formatProblem).join('\n')];
  for (const note of content.content.research) {
    siteParts.push(note.id, byEntry.get(`research/${note.id}`)?.lastUpdated ?? date, JSON.stringify(note.data));
  }
  const entries = {
    clients: new Set<string>(),
    revisions: new Set<string>(),
    capabilities: new Set<string>(),
    features: new Set<string>(),
  };
  // Clients, revisions, capabilities and features are few: their whole files count.
  for (const [collection, id, body] of content.bodies) {
    if (collection === 'research') continue;
    entries[collection].add(id);
    siteParts.push(collection, id, body.digest);
  }
  const shared: Record<Exclude<KeyPart, 'note' | 'capture'>, string> = {
    site: cacheKey(siteParts),
    captures: cacheKey(content.captureFiles.flatMap((file) => [file.id, file.sha256])),
    history: cacheKey([JSON.stringify(content.history)]),
  };
  // A scope's key: its parts' names and keys, in the table's order; a note's digest or a capture's hash goes last.
  const keyOf = (scope: KeyScope, own = '') =>
    cacheKey(keyScopes[scope].flatMap((part) => [part, part === 'note' || part === 'capture' ? own : shared[part]]));
  const notes = new Map(
    content.content.research.map((note) => {
      const digest = byEntry.get(`research/${note.id}`)?.digest ?? '';
      return [note.id, { page: keyOf('notes', digest), twin: keyOf('twins', digest) }];
    }),
  );
  const pages = pageCount(content.content.research.length);
  const listing = new Set(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => outputFile(pageUrl(routes.research.path, index + 2))),
  );
  const entryKeys = {
    clients: keyOf('clients'),
    revisions: keyOf('revisions'),
    capabilities: keyOf('capabilities'),
    features: keyOf('features'),
  };
  // A capture's page also shows its title, which says more (the day, the time) while another capture
  // is alike: adding a capture can retitle the captures it resembles, so each key holds its heading.
  const names = new Map(content.content.clients.map((client) => [client.id, client.data.name]));
  const headings = captureHeadings(
    [...content.validCaptures].map(([id, capture]) =>
      titledCapture({ id, header: capture.header }, names.get(capture.header.client)),
    ),
    PAGE_TITLE_MAX,
  );
  const captures = new Map(
    content.captureFiles.map((file) => {
      const heading = headings.get(file.id);
      return [file.id, keyOf('captures', cacheKey([file.sha256, heading?.title ?? '', heading?.description ?? '']))];
    }),
  );
  return { listingKey: keyOf('listing'), entryKeys, notes, entries, listing, captures };
};

/** The folder of the captures' files in the built site (`captures`, from their URLs). */
const CAPTURES_FOLDER = captureUrl('x').split('/')[1] ?? '';

/** By the folder of its entries' files in the built site (`research`, from their URLs), each collection. */
const folders = new Map(collections.map((collection) => [entryUrl(collection, 'x', 'html').split('/')[1] ?? '', collection]));

/**
 * This build's key of a file of the site (relative, `research/x.html`); undefined for a file that is
 * built every time. An entry's files are its page (`<folder>/<id>.html`), its twin (`.md`), any other
 * `<folder>/<id>.<ext>`, and anything under `<folder>/<id>/`.
 */
export const fileKey = (keys: PageKeys, file: string): string | undefined => {
  if (keys.listing.has(file)) return keys.listingKey;
  const [folder = '', name = '', ...rest] = file.split('/');
  if (folder === CAPTURES_FOLDER && rest.length === 0) return keys.captures.get(name.replace(/\.[^.]*$/, ''));
  const collection = folders.get(folder);
  // A feature's files sit at its id's path (`features/tools/call.html`).
  if (collection === 'features') {
    const id = [name, ...rest].join('.').replace(/\.(html|md)$/, '');
    return keys.entries.features.has(id) ? keys.entryKeys.features : undefined;
  }
  if (collection === undefined || name === '') return undefined;
  const id = rest.length > 0 ? name : name.replace(/\.[^.]*$/, '');
  if (collection === 'research') {
    const note = keys.notes.get(id);
    if (note === undefined) return undefined;
    return rest.length === 0 && file === outputFile(entryUrl('research', id, 'twin')) ? note.twin : note.page;
  }
  if (!keys.entries[collection].has(id)) return undefined;
  return keys.entryKeys[collection];
};
