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
 * - a note's page: the site key and the note's digest (its file, `last-updated`, origin and drift
 *   marks), as another note's body never shows;
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
 * Each output's key is made of the parts its row in the table of outputs names (outputs.ts, `keys`),
 * and nothing else; the same parts bound what its routes may read (tests/page-scopes.test.ts walks
 * every keyed route's imports and fails on a data module outside them), and the site part's data
 * (src/data/site.ts) holds notes as `NoteSummary`, no body in it, so a list page that reads a body
 * does not compile.
 *
 * Every other file (the fixed pages, schemas, a file no row names) has no key and is built every time.
 */
import type { Body } from '../lib/outputs/bodies.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import type { CaptureBytes } from '../lib/content/capture-rules.ts';
import { captureHeadings, titledCapture } from '../lib/outputs/capture-titles.ts';
import { PAGE_TITLE_MAX } from '../lib/markdown/snippet.ts';
import { matchOutputFile, outputFile } from '../lib/outputs/output-files.ts';
import { pageCount, pageUrl } from '../lib/outputs/paging.ts';
import { formatProblem, type Problem } from '../lib/content/problems.ts';
import { researchPage, type EntryKind, type KeyPart } from '../lib/routes/outputs.ts';
import { routes } from '../lib/routes/urls.ts';
import type { VerdictHistory } from '../lib/matrix/verdict-history.ts';
import type { CollectionName } from '../schema/index.ts';
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

/** What a key can be made of (outputs.ts says each part). */
export type { KeyPart };

/** This build's keys, for `fileKey`. */
export interface PageKeys {
  /** The parts every output's key may share: the site, the capture files, the verdict history. */
  shared: Readonly<Record<Exclude<KeyPart, 'note' | 'capture'>, string>>;
  /** By note id: its digest (`note`). */
  notes: ReadonlyMap<string, string>;
  /** By capture id: its hash and heading (`capture`). */
  captures: ReadonlyMap<string, string>;
  /** The ids of each collection's entries. */
  entries: Readonly<Record<CollectionName, ReadonlySet<string>>>;
  /** The research listing's pages after the first (`research/page/2.html`, …), the ones this build writes. */
  listing: ReadonlySet<string>;
  /** The key of the research listing's pages. */
  listingKey: string;
}

/** The key of a file made of `parts`, the note's digest or the capture's hash and heading (`own`) in its place. */
const keyOf = (keys: Pick<PageKeys, 'shared'>, parts: readonly KeyPart[], own = ''): string =>
  cacheKey(parts.flatMap((part) => [part, part === 'note' || part === 'capture' ? own : keys.shared[part]]));

/** The keys made so far, by build and by their parts: a capture's three files, an entry's many, share one. */
const made = new WeakMap<PageKeys, Map<string, string>>();

/** The keys of a build of `content` on `origin`, dated `date`. */
export const pageKeys = (content: KeyedContent, origin: string, date: string): PageKeys => {
  const byEntry = new Map(content.bodies.map(([collection, id, body]) => [`${collection}/${id}`, body]));
  const siteParts = [origin, date, content.problems.map(formatProblem).join('\n')];
  for (const note of content.content.research) {
    siteParts.push(note.id, byEntry.get(`research/${note.id}`)?.lastUpdated ?? date, JSON.stringify(note.data));
  }
  const entries: Record<CollectionName, Set<string>> = {
    research: new Set(content.content.research.map((note) => note.id)),
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
  const shared = {
    site: cacheKey(siteParts),
    captures: cacheKey(content.captureFiles.flatMap((file) => [file.id, file.sha256])),
    history: cacheKey([JSON.stringify(content.history)]),
  };
  const notes = new Map(content.content.research.map((note) => [note.id, byEntry.get(`research/${note.id}`)?.digest ?? '']));
  const pages = pageCount(content.content.research.length);
  const listing = new Set(
    Array.from({ length: Math.max(0, pages - 1) }, (_, index) => outputFile(pageUrl(routes.research.path, index + 2))),
  );
  // A capture's page also shows its title, which says more (the day, the time) while another capture
  // is alike: adding a capture can retitle the captures it resembles, so its part holds its heading.
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
      return [file.id, cacheKey([file.sha256, heading?.title ?? '', heading?.description ?? ''])];
    }),
  );
  return { shared, notes, captures, entries, listing, listingKey: keyOf({ shared }, researchPage.keys) };
};

/** The entry a file's `<id>` or `<path>` names, where this build has it. */
const entryOf = (keys: PageKeys, entry: EntryKind, params: Readonly<Record<string, string>>): string | undefined => {
  const id = entry === 'features' ? params['path']?.replaceAll('/', '.') : params['id'];
  if (id === undefined) return undefined;
  const known = entry === 'captures' ? keys.captures.has(id) : keys.entries[entry].has(id);
  return known ? id : undefined;
};

/**
 * This build's key of a file of the site (relative, `research/x.html`): made of the parts its
 * output's row (outputs.ts) names, for an entry this build has; undefined for a file that is built
 * every time (its row has no key, or no row names it) or that names an entry that does not exist.
 */
export const fileKey = (keys: PageKeys, file: string): string | undefined => {
  for (const { output, form, params } of matchOutputFile(file)) {
    const parts = form === 'twin' ? (output.twinKeys ?? output.keys) : output.keys;
    if (parts === undefined) continue;
    if (output === researchPage) return keys.listing.has(file) ? keys.listingKey : undefined;
    const id = output.entry === undefined ? '' : entryOf(keys, output.entry, params);
    if (id === undefined) return undefined;
    const own = parts.includes('note') ? keys.notes.get(id) : parts.includes('capture') ? keys.captures.get(id) : '';
    const memo = made.get(keys) ?? new Map<string, string>();
    made.set(keys, memo);
    const at = `${parts.join(' ')}\0${own ?? ''}`;
    const key = memo.get(at) ?? keyOf(keys, parts, own);
    memo.set(at, key);
    return key;
  }
  return undefined;
};
