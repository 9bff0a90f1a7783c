import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Loader, LoaderContext } from 'astro/loaders';
import type { CollectionName } from '../schema/index.ts';
import { publish, takePrepared } from 'canimcp/build-context';
import { createContentCache } from '../node/content.ts';
import { contentDir } from '../node/paths.ts';
import { formatProblem } from '../lib/content/problems.ts';
import { prepareContent, renderCacheFile, type Prepared } from '../node/prepare.ts';
import { createSerialRunner } from '../lib/tasks/serial-runner.ts';
import { lookAt, settle } from '../node/settle.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';

let snapshot: Promise<Prepared> | undefined;
/** The dev server's files as last read and checked: a save re-reads and re-checks that file, not the folder. */
const devContent = createContentCache();
/**
 * How long after a save the dev server writes the render cache back to disk: writing it blocks the
 * server for a few hundred ms at 5,000 notes, so not while an author waits for a page. A server
 * stopped sooner renders those few notes again when it next starts.
 */
const DEV_CACHE_WRITE_DELAY_MS = 30_000;
/** How many reads have started: a read that is not the latest publishes nothing. */
let reads = 0;

/**
 * Takes the content `npm run build` prepared (`takePrepared`), or reads and prepares the content
 * folder itself (one read for every collection's loader), and publishes the bodies, twins, records
 * and captures into the build context beside the data store (`publish`).
 */
const readSnapshot = (cacheDir: URL, dev: boolean): Promise<Prepared> => {
  if (snapshot) return snapshot;
  const mine = (reads += 1);
  const reading = (async (): Promise<Prepared> => {
    const dir = contentDir();
    const origin = siteOrigin();
    const prepared = await (takePrepared(dir, origin) ??
      prepareContent(dir, {
        origin,
        renderCacheFile: renderCacheFile(fileURLToPath(cacheDir)),
        // A bare `astro build` keeps the captures' checks in its cache folder; dev keeps them in memory.
        ...(dev ? {} : { cacheDir: fileURLToPath(cacheDir) }),
        ...(dev ? { cache: devContent, renderCacheOptions: { writeDelayMs: DEV_CACHE_WRITE_DELAY_MS } } : {}),
      }));
    // A newer save started a newer read meanwhile: its bodies are the ones to show.
    if (mine === reads) publish(prepared.bodies, prepared);
    return prepared;
  })();
  snapshot = reading;
  return reading;
};

const sync = async (collection: CollectionName, context: LoaderContext, dev: boolean) => {
  const reading = readSnapshot(context.config.cacheDir, dev);
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
    // The store holds frontmatter only; bodies and their HTML are published beside it (lib/outputs/bodies.ts).
    const digest = context.generateDigest(`${origin}\0${lastUpdated.get(entry.absolutePath) ?? today}\0${entry.hash}`);
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
    !(changed.endsWith('.md') || changed.endsWith('.jsonl'))
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
  const { problems } = await readSnapshot(context.config.cacheDir, context.watcher !== undefined);
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
