/**
 * One read of the content folder made ready for the site: validated entries, every body rendered
 * once (reusing bodies cached by earlier builds), each entry's `last-updated`, and the search
 * records. `npm run build` prepares it before Astro starts, so the search index can be built from
 * the first second; the content loader prepares it itself in `npm run dev` and `astro build`.
 */
import path from 'node:path';
import { collections, type CollectionName } from '../schema/index.ts';
import type { Body } from '../lib/outputs/bodies.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import type { CaptureBytes } from '../lib/content/capture-rules.ts';
import { clientDrift, noteDrift } from '../lib/outputs/drift-marks.ts';
import { correctedBy, newestFirst } from '../lib/outputs/indexes.ts';
import { renderMarkdownAndText } from '../lib/markdown/markdown.ts';
import type { Problem } from '../lib/content/problems.ts';
import {
  capabilityRecord,
  clientRecord,
  featureRecord,
  noteRecord,
  revisionRecord,
  type SearchRecord,
} from '../lib/search/search-records.ts';
import { isStale } from '../lib/content/stale.ts';
import { noteTwin } from '../lib/outputs/twin.ts';
import { canonicalNoteUrl } from '../lib/routes/urls.ts';
import type { VerdictHistory } from '../lib/matrix/verdict-history.ts';
import { loadContent, type Content, type ContentCache, type Entry, type LoadResult } from './content.ts';
import { codeVersion } from './code-version.ts';
import { cacheKey } from './json-file.ts';
import { lastCommitDates } from './git.ts';
import { projectPath, repoRoot } from './paths.ts';
import { readVerdictHistory } from './verdict-history.ts';
import { renderWithCache, type RenderCacheOptions, type Rendered, type RenderMany } from './render-cache.ts';
import { buildDate } from './environment.ts';

/** The content as the site publishes it. */
export interface Prepared {
  content: Content;
  problems: Problem[];
  /** Each entry's `last-updated`, by absolute path. */
  lastUpdated: Map<string, string>;
  /** What pages and twins need beyond the frontmatter, per entry. */
  bodies: [CollectionName, string, Body][];
  /** Every search record: notes, clients, revisions and capabilities (built on first call). */
  records: () => readonly SearchRecord[];
  /** A note's `.md` twin, by id; undefined for an id that is not a valid note. */
  noteTwin: (id: string) => string | undefined;
  /** The ids of the notes that have a twin. */
  noteIds: () => string[];
  /** The verdicts' history from the content folder's commits, or why there is none. */
  history: VerdictHistory;
  /** The capture files, for the capture pages. */
  captureFiles: readonly CaptureBytes[];
  /** The valid captures, by id, as check read them. */
  validCaptures: ReadonlyMap<string, Capture>;
}

export interface PrepareOptions {
  origin: string;
  /** A validation already made of this folder (the build's), instead of reading it again. */
  loaded?: LoadResult;
  /** What the dev server keeps between reads. */
  cache?: ContentCache;
  /** The build's cache folder, for the captures' checks (content.ts); a bare `astro build`'s. */
  cacheDir?: string;
  /** The render cache's file; none when absent. */
  renderCacheFile?: string;
  renderCacheOptions?: Omit<RenderCacheOptions, 'version' | 'hashes'>;
}

/** Where the rendered bodies are cached, in Astro's cache folder. */
export const renderCacheFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'rendered-bodies.json');

/** Renders in this thread: since Sätteri, 5,000 bodies take 1.0–1.5 s, and a pool of two workers no less. */
const renderInline: RenderMany = (texts, origin) => Promise.resolve(texts.map((text) => renderMarkdownAndText(text, origin)));

const lastUpdatedOf = (entry: Entry<unknown>, dates: Map<string, string>, today: string): string => {
  const written = (entry.data as Record<string, unknown>)['last-updated'];
  return typeof written === 'string' ? written : (dates.get(entry.absolutePath) ?? today);
};

/**
 * Every search record of the content: notes, clients, revisions and capabilities. Notes come in
 * /research's order, newest first: Pagefind lists a search without words in the order its records
 * were added, so /research's filters need no sort key of their own, and every first search is
 * spared one (a sort key is a permutation of every page in Pagefind's metadata: 10.5 KB at 5,000
 * notes, whichever order the pages are in).
 */
const searchRecords = (content: Content, rendered: Map<string, Rendered>, lastUpdated: Map<string, string>, today: string) => {
  const text = (entry: Entry<unknown>) => rendered.get(entry.absolutePath)?.text ?? '';
  const records: SearchRecord[] = [];
  const titles = new Map(content.research.map((note) => [note.id, note.data.title]));
  const corrections = correctedBy(content.research);
  const dated = content.research.map((note) => ({ ...note, lastUpdated: lastUpdated.get(note.absolutePath) ?? today }));
  for (const note of newestFirst(dated)) {
    const stale = isStale(note.data.lastVerified, today);
    const successor = note.data.supersededBy === undefined ? undefined : titles.get(note.data.supersededBy);
    const corrected = (corrections.get(note.id)?.length ?? 0) > 0;
    records.push(noteRecord({ id: note.id, data: note.data, stale, corrected }, text(note), successor));
  }
  for (const client of content.clients) records.push(clientRecord(client, text(client)));
  for (const revision of content.revisions) records.push(revisionRecord(revision, text(revision)));
  for (const capability of content.capabilities) records.push(capabilityRecord(capability, text(capability)));
  for (const feature of content.features) records.push(featureRecord(feature, text(feature)));
  return records;
};

export const prepareContent = async (dir: string, options: PrepareOptions): Promise<Prepared> => {
  const { origin } = options;
  const today = buildDate();
  // git runs while the bodies render.
  const history = readVerdictHistory(dir);
  const { content, problems, captures, validCaptures, drift } =
    options.loaded ??
    (await loadContent(dir, {
      origin,
      today,
      ...(options.cache ? { cache: options.cache } : {}),
      ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
    }));
  const noteMarks = new Map(
    content.research.flatMap((note) => {
      const marks = noteDrift(drift, note);
      return marks === undefined ? [] : [[note.id, marks] as const];
    }),
  );
  const cellMarks = new Map(
    content.clients.flatMap((client) => {
      const marks = clientDrift(drift, client);
      return marks.size === 0 ? [] : [[client.id, Object.fromEntries(marks)] as const];
    }),
  );
  const dates = lastCommitDates(dir);
  const entries = collections.flatMap((collection) =>
    (content[collection] as Entry<unknown>[]).map((entry) => [collection, entry] as const),
  );
  const html = await renderWithCache(
    entries.map(([, entry]) => entry.text),
    origin,
    renderInline,
    options.renderCacheFile,
    { ...options.renderCacheOptions, version: await codeVersion(), hashes: entries.map(([, entry]) => entry.hash) },
  );
  const rendered = new Map(entries.map(([, entry], index) => [entry.absolutePath, html[index] as Rendered]));
  const lastUpdated = new Map(entries.map(([, entry]) => [entry.absolutePath, lastUpdatedOf(entry, dates, today)]));
  const bodies = entries.map(([collection, entry]): [CollectionName, string, Body] => {
    const updated = lastUpdated.get(entry.absolutePath) ?? today;
    const source = projectPath(repoRoot, entry.absolutePath);
    const noteMark = collection === 'research' ? noteMarks.get(entry.id) : undefined;
    const cells = collection === 'clients' ? cellMarks.get(entry.id) : undefined;
    // Marks change what the entry's page shows, so they count in what the page caches know it by.
    const marks = noteMark === undefined && cells === undefined ? '' : JSON.stringify([noteMark, cells]);
    return [
      collection,
      entry.id,
      {
        html: rendered.get(entry.absolutePath)?.html ?? '',
        frontmatterBlock: entry.frontmatterBlock,
        body: entry.body,
        file: entry.file,
        ...(source === undefined ? {} : { source }),
        lastUpdated: updated,
        digest: cacheKey([origin, updated, source ?? '', entry.hash, marks]),
        ...(noteMark === undefined ? {} : { drift: noteMark }),
        ...(cells === undefined ? {} : { cells }),
      },
    ];
  });
  let records: readonly SearchRecord[] | undefined;
  const notes = new Map(content.research.map((note) => [note.id, note]));
  return {
    content,
    problems,
    lastUpdated,
    bodies,
    records: () => (records ??= searchRecords(content, rendered, lastUpdated, today)),
    noteTwin: (id) => {
      const note = notes.get(id);
      if (note === undefined) return undefined;
      return noteTwin({
        id,
        data: note.data,
        frontmatterBlock: note.frontmatterBlock,
        body: note.body,
        canonical: canonicalNoteUrl(origin, id),
        lastUpdated: lastUpdated.get(note.absolutePath) ?? today,
        drift: noteMarks.get(id),
      });
    },
    noteIds: () => [...notes.keys()],
    history: await history,
    captureFiles: captures,
    validCaptures,
  };
};
