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
 * - a client's files: the site key, the verdict history (a commit can change it without changing
 *   any file) and every capture file's id and hash (its pages list its captures); a feature's page
 *   and twin by the same key, as its rows are the clients' verdicts and what their captures show;
 * - a capture's files (`captures/<id>.html`, `.md`, `.jsonl`): the site key and the capture file's
 *   hash. A capture's page shows its own file, its client's name and the notes citing it, all in
 *   those, so adding a capture rebuilds the client's pages and the lists, not every other capture.
 *
 * Every other file (the fixed pages, schemas) has no key and is built every time.
 */
import type { Body } from '../lib/content/bodies.ts';
import type { CaptureBytes } from '../lib/content/capture-rules.ts';
import { outputFile } from '../lib/outputs/output-files.ts';
import { pageCount, pageUrl } from '../lib/outputs/paging.ts';
import { formatProblem, type Problem } from '../lib/content/problems.ts';
import { captureUrl, entryUrl, routes } from '../lib/outputs/urls.ts';
import type { VerdictHistory } from '../lib/content/verdict-history.ts';
import { collections, type CollectionName } from '../schema/index.ts';
import { cacheKey } from './json-file.ts';

/** What the keys are made of: the prepared content (prepare.ts) holds all of it. */
export interface KeyedContent {
  /** The notes' frontmatter, by id, in a stable order. */
  content: { research: readonly { id: string; data: unknown }[] };
  /** Every entry's digest and `last-updated`. */
  bodies: readonly (readonly [CollectionName, string, Pick<Body, 'digest' | 'lastUpdated'>])[];
  problems: readonly Problem[];
  history: VerdictHistory;
  captureFiles: readonly Pick<CaptureBytes, 'id' | 'sha256'>[];
}

/** This build's keys, for `fileKey`. */
export interface PageKeys {
  site: string;
  client: string;
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
  const site = cacheKey(siteParts);
  const clientParts = [site, JSON.stringify(content.history)];
  for (const file of content.captureFiles) clientParts.push(file.id, file.sha256);
  const notes = new Map(
    content.content.research.map((note) => {
      const digest = byEntry.get(`research/${note.id}`)?.digest ?? '';
      return [note.id, { page: `${site}.${digest}`, twin: `twin.${digest}` }];
    }),
  );
  const pages = pageCount(content.content.research.length);
  const listing = new Set(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => outputFile(pageUrl(routes.research.path, index + 2))),
  );
  const captures = new Map(content.captureFiles.map((file) => [file.id, `${site}.capture.${file.sha256}`]));
  return { site, client: cacheKey(clientParts), notes, entries, listing, captures };
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
  if (keys.listing.has(file)) return keys.site;
  const [folder = '', name = '', ...rest] = file.split('/');
  if (folder === CAPTURES_FOLDER && rest.length === 0) return keys.captures.get(name.replace(/\.[^.]*$/, ''));
  const collection = folders.get(folder);
  // A feature's files sit at its id's path (`features/tools/call.html`): its rows come from the
  // clients' verdicts and captures, so they are keyed as a client's are.
  if (collection === 'features') {
    const id = [name, ...rest].join('.').replace(/\.(html|md)$/, '');
    return keys.entries.features.has(id) ? keys.client : undefined;
  }
  if (collection === undefined || name === '') return undefined;
  const id = rest.length > 0 ? name : name.replace(/\.[^.]*$/, '');
  if (collection === 'research') {
    const note = keys.notes.get(id);
    if (note === undefined) return undefined;
    return rest.length === 0 && file === outputFile(entryUrl('research', id, 'twin')) ? note.twin : note.page;
  }
  if (!keys.entries[collection].has(id)) return undefined;
  return collection === 'clients' ? keys.client : keys.site;
};
