/**
 * One read of the content folder made ready for the site: validated entries, every body rendered
 * once (reusing bodies cached by earlier builds), each entry's `last-updated`, and the search
 * records. `npm run build`'s parent prepares it (`prepareParts`) while its page build starts Astro,
 * indexes its records from the first second and sends the page build the parts (prepared.ts); the
 * content loader prepares it itself in `npm run dev` and `astro build` (`prepareContent`).
 */
import path from 'node:path';
import { collections, type CollectionName } from '../schema/index.ts';
import type { Body } from '../lib/outputs/bodies.ts';
import { clientDrift, noteDrift } from '../lib/outputs/drift-marks.ts';
import { renderMarkdownAndText } from '../lib/markdown/markdown.ts';
import { loadContent, type ContentCache, type Entry, type LoadResult } from './content.ts';
import { codeVersion } from './code-version.ts';
import { cacheKey } from './json-file.ts';
import { lastCommitDates } from './git.ts';
import { projectPath, repoRoot } from './paths.ts';
import { assemblePrepared, type Prepared, type PreparedParts } from './prepared.ts';
import { readVerdictHistory } from './verdict-history.ts';
import { renderWithCache, type RenderCacheOptions, type Rendered, type RenderMany } from './render-cache.ts';
import { buildDate } from './environment.ts';

export interface PrepareOptions {
  origin: string;
  /** A validation already made of this folder (the build's), instead of reading it again. */
  loaded?: LoadResult;
  /** What the dev server keeps between reads. */
  cache?: ContentCache;
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

/** Reads (unless `loaded` is given), renders and dates the content: the prepared content as plain data (prepared.ts). */
export const prepareParts = async (dir: string, options: PrepareOptions): Promise<PreparedParts> => {
  const { origin } = options;
  const today = buildDate();
  // git runs while the bodies render.
  const history = readVerdictHistory(dir);
  const { content, problems, captures, drift } =
    options.loaded ?? (await loadContent(dir, { origin, today, ...(options.cache ? { cache: options.cache } : {}) }));
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
  return {
    origin,
    today,
    content,
    problems,
    lastUpdated,
    bodies,
    texts: new Map([...rendered].map(([file, { text }]) => [file, text])),
    noteMarks,
    history: await history,
    captureFiles: captures,
  };
};

/** The content folder prepared for the site, read and rendered in this process. */
export const prepareContent = async (dir: string, options: PrepareOptions): Promise<Prepared> =>
  assemblePrepared(await prepareParts(dir, options));
