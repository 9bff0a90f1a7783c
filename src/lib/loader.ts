import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { CollectionName } from '../schema/index.ts';
import { loadContent, type Content } from './content.ts';
import { lastCommitDates } from './git.ts';
import { takeOver } from './handoff.ts';
import { renderMarkdown } from './markdown.ts';
import { createSerialRunner } from './serial-runner.ts';
import { lookAt, settle } from './settle.ts';
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

/** What re-syncs each loaded collection after a change in dev. */
const resyncs = new Map<string, () => Promise<void>>();
/** Content files changed since the last re-sync began. */
const changedFiles = new Set<string>();
let logError: (message: string) => void = console.error;

/**
 * One re-sync at a time, from one fresh read of the content folder, so a slow read of an older save
 * can never land after a newer one; saves made meanwhile are taken together in the next run.
 */
const runner = createSerialRunner(
  async () => {
    const files = [...changedFiles];
    changedFiles.clear();
    // Read only once the saved files stopped changing: a save caught half-written reads as empty.
    const seen = await settle(files);
    snapshot = undefined;
    const results = await Promise.allSettled([...resyncs.values()].map((resync) => resync()));
    for (const result of results) if (result.status === 'rejected') logError(String(result.reason));
    // A file that changed while it was read may bring no event of its own (the watcher drops a
    // change that comes within a few ms of the last or keeps its modification time): look again.
    if ((await lookAt(files)) !== seen) {
      for (const file of files) changedFiles.add(file);
      void runner.request();
    }
  },
  (error) => logError(String(error)),
);

const onChange = (event: string, changed: string) => {
  const dir = contentDir();
  if (
    !['change', 'add', 'unlink'].includes(event) ||
    !path.resolve(changed).startsWith(dir + path.sep) ||
    !changed.endsWith('.md')
  )
    return;
  changedFiles.add(path.resolve(changed));
  void runner.request();
};

/**
 * One watcher listener for all five collections: a saved file leads to one fresh read of the
 * content folder, then every collection re-syncs from it.
 */
const watch = (context: LoaderContext) => {
  resyncs.set(context.collection, async () => {
    if (context.collection === 'problems') await syncProblems(context);
    else await sync(context.collection as CollectionName, context, true);
  });
  logError = (message) => context.logger.error(message);
  if (!context.watcher) return;
  context.watcher.add(contentDir());
  // Astro drops every loader's listeners before a full sync (after a config change) and calls each
  // loader again, so the listener is attached on every load, never twice.
  context.watcher.off('all', onChange);
  context.watcher.on('all', onChange);
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
