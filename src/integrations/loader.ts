import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import { collections, type CollectionName } from '../schema/index.ts';
import { publishBodies, type Body } from '../lib/bodies.ts';
import { loadContent, type Content, type Entry } from '../node/content.ts';
import { lastCommitDates } from '../node/git.ts';
import { takeOver } from '../lib/handoff.ts';
import { renderMarkdownAndText } from '../lib/markdown.ts';
import { contentDir, projectPath, repoRoot } from '../node/paths.ts';
import { formatProblem, type Problem } from '../lib/problems.ts';
import { renderWithCache, type Rendered } from '../node/render-cache.ts';
import { capabilityRecord, clientRecord, noteRecord, revisionRecord, type SearchRecord } from '../lib/search-records.ts';
import { createSerialRunner } from '../lib/serial-runner.ts';
import { lookAt, settle } from '../node/settle.ts';
import { correctedBy } from '../lib/indexes.ts';
import { isStale } from '../lib/stale.ts';
import { buildDate } from '../lib/today.ts';
import { siteOrigin } from '../lib/urls.ts';

/** What every collection's loader shares: one read of the content folder per change. */
interface Snapshot {
  content: Content;
  problems: Problem[];
  /** Each entry's `last-updated`, by absolute path. */
  lastUpdated: Map<string, string>;
}

const renderInline = (texts: readonly string[], origin: string) =>
  Promise.resolve(texts.map((text) => renderMarkdownAndText(text, origin)));

let snapshot: Promise<Snapshot> | undefined;
/** How many reads have started: a read that is not the latest publishes nothing. */
let reads = 0;

const lastUpdatedOf = (entry: Entry<unknown>, dates: Map<string, string>, today: string): string => {
  const written = (entry.data as Record<string, unknown>)['last-updated'];
  return typeof written === 'string' ? written : (dates.get(entry.absolutePath) ?? today);
};

/** Every search record of the content: notes, clients, revisions and capabilities. */
const searchRecords = (content: Content, rendered: Map<string, Rendered>, lastUpdated: Map<string, string>, today: string) => {
  const text = (entry: Entry<unknown>) => rendered.get(entry.absolutePath)?.text ?? '';
  const records: SearchRecord[] = [];
  const titles = new Map(content.research.map((note) => [note.id, note.data.title]));
  const corrections = correctedBy(content.research);
  for (const note of content.research) {
    const updated = lastUpdated.get(note.absolutePath) ?? today;
    const stale = isStale(note.data.lastVerified, today);
    const successor = note.data.supersededBy === undefined ? undefined : titles.get(note.data.supersededBy);
    const corrected = (corrections.get(note.id)?.length ?? 0) > 0;
    records.push(noteRecord({ id: note.id, data: note.data, lastUpdated: updated, stale, corrected }, text(note), successor));
  }
  for (const client of content.clients) records.push(clientRecord(client, text(client)));
  for (const revision of content.revisions) records.push(revisionRecord(revision, text(revision)));
  for (const capability of content.capabilities) records.push(capabilityRecord(capability, text(capability)));
  return records;
};

/**
 * Reads (or takes over the build's read of) the content folder, renders every body once (reusing
 * the bodies cached by an earlier build), and publishes the bodies and search records beside the
 * data store.
 */
const readSnapshot = (cacheDir: URL): Promise<Snapshot> => {
  if (snapshot) return snapshot;
  const mine = (reads += 1);
  const reading = (async (): Promise<Snapshot> => {
    const dir = contentDir();
    const origin = siteOrigin();
    const today = buildDate();
    const handoff = takeOver(dir, origin);
    const { content, problems } = handoff?.result ?? (await loadContent(dir, { origin }));
    const dates = lastCommitDates(dir);
    const entries = collections.flatMap((collection) =>
      (content[collection] as Entry<unknown>[]).map((entry) => [collection, entry] as const),
    );
    const html = await renderWithCache(
      entries.map(([, entry]) => entry.text),
      origin,
      handoff?.render ?? renderInline,
      fileURLToPath(new URL('canimcp/rendered-bodies.json', cacheDir)),
    );
    const rendered = new Map(entries.map(([, entry], index) => [entry.absolutePath, html[index] as Rendered]));
    const lastUpdated = new Map(entries.map(([, entry]) => [entry.absolutePath, lastUpdatedOf(entry, dates, today)]));
    // A newer save started a newer read meanwhile: its bodies are the ones to show.
    if (mine !== reads) return { content, problems, lastUpdated };
    publishBodies(
      entries.map(([collection, entry]): [CollectionName, string, Body] => {
        const updated = lastUpdated.get(entry.absolutePath) ?? today;
        const source = projectPath(repoRoot, entry.absolutePath);
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
            digest: createHash('sha256')
              .update(`${origin}\0${updated}\0${source ?? ''}\0`)
              .update(entry.text)
              .digest('base64url'),
          },
        ];
      }),
      () => searchRecords(content, rendered, lastUpdated, today),
    );
    return { content, problems, lastUpdated };
  })();
  snapshot = reading;
  return reading;
};

const sync = async (collection: CollectionName, context: LoaderContext, dev: boolean) => {
  const reading = readSnapshot(context.config.cacheDir);
  const { content, problems, lastUpdated } = await reading;
  // In dev a newer save may have started a newer read meanwhile: that one's sync applies, not this.
  if (reading !== snapshot) return;
  if (problems.length > 0) {
    const report = problems.map(formatProblem).join('\n');
    // The build validates before Astro starts; this is the net under a direct `astro build`.
    if (!dev) throw new Error(`content has ${problems.length} problem(s):\n${report}`);
    if (collection === 'research') context.logger.error(`content has ${problems.length} problem(s):\n${report}`);
  }
  const origin = siteOrigin();
  const today = buildDate();
  const entries = content[collection];
  const keep = new Set(entries.map((entry) => entry.id));
  for (const id of context.store.keys()) if (!keep.has(id)) context.store.delete(id);
  for (const entry of entries) {
    // The store holds frontmatter only; bodies and their HTML are published beside it (bodies.ts).
    const digest = context.generateDigest(`${origin}\0${lastUpdated.get(entry.absolutePath) ?? today}\0${entry.text}`);
    if (context.store.get(entry.id)?.digest === digest) continue;
    context.store.set({ id: entry.id, data: entry.data, digest, filePath: path.relative(process.cwd(), entry.absolutePath) });
  }
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
  const { problems } = await readSnapshot(context.config.cacheDir);
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
