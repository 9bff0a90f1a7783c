import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { CollectionName } from '../schema/index.ts';
import { loadContent, type Content } from './content.ts';
import { lastCommitDates } from './git.ts';
import { takeOver } from './handoff.ts';
import { renderMarkdown } from './markdown.ts';
import { contentDir, repoRoot } from './paths.ts';
import { formatProblem, type Problem } from './problems.ts';
import { projectPath } from './repository.ts';
import { buildDate } from './today.ts';
import { siteOrigin } from './urls.ts';

/** What every collection's loader shares: one read of the content folder per change. */
interface Snapshot {
  content: Content;
  problems: Problem[];
  dates: Map<string, string>;
  /** Renders many bodies at once: on every core in a build, inline in dev. */
  render: (texts: readonly string[], site: string) => Promise<string[]>;
}

const renderInline = (texts: readonly string[], site: string) => Promise.resolve(texts.map((text) => renderMarkdown(text, site)));

let snapshot: Promise<Snapshot> | undefined;

const readSnapshot = (): Promise<Snapshot> =>
  (snapshot ??= (async () => {
    const dir = contentDir();
    const site = siteOrigin();
    const handoff = takeOver(dir, site);
    const { content, problems } = handoff?.result ?? (await loadContent(dir, { site }));
    return { content, problems, dates: lastCommitDates(dir), render: handoff?.render ?? renderInline };
  })());

/** What each entry carries besides its frontmatter, in `rendered.metadata`. */
export interface EntryMetadata {
  [key: string]: unknown;
  frontmatterBlock: string;
  body: string;
  file: string;
  lastUpdated: string;
  /** The file's path from the project root, for "Edit this note"; absent when it lies outside the project. */
  source?: string;
}

const sync = async (collection: CollectionName, context: LoaderContext, dev: boolean) => {
  const { content, problems, dates, render } = await readSnapshot();
  if (problems.length > 0) {
    const report = problems.map(formatProblem).join('\n');
    // The build validates before Astro starts; this is the net under a direct `astro build`.
    if (!dev) throw new Error(`content has ${problems.length} problem(s):\n${report}`);
    if (collection === 'research') context.logger.error(`content has ${problems.length} problem(s):\n${report}`);
  }
  const site = siteOrigin();
  const today = buildDate();
  const entries = content[collection];
  const keep = new Set(entries.map((entry) => entry.id));
  for (const id of context.store.keys()) if (!keep.has(id)) context.store.delete(id);
  const changed = entries.flatMap((entry) => {
    const written = (entry.data as Record<string, unknown>)['last-updated'];
    const lastUpdated = typeof written === 'string' ? written : (dates.get(entry.absolutePath) ?? today);
    const source = projectPath(repoRoot, entry.absolutePath);
    const digest = context.generateDigest(`${site}\0${lastUpdated}\0${source ?? ''}\0${entry.text}`);
    // Unchanged entries keep their rendered HTML from the last build (Astro keeps the store on disk).
    return context.store.get(entry.id)?.digest === digest ? [] : [{ entry, lastUpdated, digest, source }];
  });
  const html = await render(
    changed.map(({ entry }) => entry.text),
    site,
  );
  changed.forEach(({ entry, lastUpdated, digest, source }, index) => {
    const metadata: EntryMetadata = {
      frontmatterBlock: entry.frontmatterBlock,
      body: entry.body,
      file: entry.file,
      lastUpdated,
      ...(source === undefined ? {} : { source }),
    };
    context.store.set({
      id: entry.id,
      data: entry.data,
      digest,
      filePath: path.relative(process.cwd(), entry.absolutePath),
      rendered: { html: html[index] ?? '', metadata },
    });
  });
};

/** How long a burst of file events must be quiet before dev re-reads the content folder. */
const SETTLE_MS = 100;
let settling: ReturnType<typeof setTimeout> | undefined;

/** What re-syncs each loaded collection after a change in dev. */
const resyncs = new Map<string, () => Promise<void>>();
const watched = new WeakSet<object>();

/**
 * One watcher for all five collections: a saved file drops the shared snapshot once, then every
 * collection re-syncs from the same fresh read.
 */
const watch = (context: LoaderContext) => {
  resyncs.set(context.collection, async () => {
    if (context.collection === 'problems') await syncProblems(context);
    else await sync(context.collection as CollectionName, context, true);
  });
  // A restarted dev server brings a new watcher; each one gets the listener once.
  if (!context.watcher || watched.has(context.watcher)) return;
  watched.add(context.watcher);
  const dir = contentDir();
  context.watcher.add(dir);
  context.watcher.on('all', (event, changed) => {
    if (!['change', 'add', 'unlink'].includes(event) || !path.resolve(changed).startsWith(dir) || !changed.endsWith('.md'))
      return;
    // A save truncates the file before it writes, and the watcher may report only the truncation:
    // read once the burst of events has settled, not on the first one, or an empty file sticks.
    clearTimeout(settling);
    settling = setTimeout(() => {
      snapshot = undefined;
      for (const resync of resyncs.values()) resync().catch((error: unknown) => context.logger.error(String(error)));
    }, SETTLE_MS);
  });
};

/** A content-layer loader for one collection, backed by the project's own reader and validator. */
export const contentLoader = (collection: CollectionName): Loader => ({
  name: `canimcp:${collection}`,
  load: async (context) => {
    await sync(collection, context, context.watcher !== undefined);
    watch(context);
  },
});

const syncProblems = async (context: LoaderContext) => {
  const { problems } = await readSnapshot();
  // One entry that always exists, so reading it never warns about an empty collection.
  const data = { problems: problems.map(formatProblem) };
  context.store.set({ id: 'all', data, digest: context.generateDigest(data) });
};

/** The current problems, as a collection, so dev pages can show them instead of failing silently. */
export const problemsLoader = (): Loader => ({
  name: 'canimcp:problems',
  load: async (context) => {
    await syncProblems(context);
    watch(context);
  },
});
