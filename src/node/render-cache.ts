/**
 * Rendered bodies kept across builds: a rebuild after editing one note renders that note only. The
 * key is the file's text (its SHA-256), the site origin (absolute links) and the code version
 * (code-version.ts), and it is complete because a body's HTML is a function of those three alone:
 * the Markdown pipeline reads nothing else (no other file, no date, no environment). The cache is
 * one JSON file in Astro's cache folder; entries no build asked for are dropped when it is written.
 */
import { hash } from 'node:crypto';
import type { Rendered } from '../lib/markdown/markdown.ts';
import { cacheKey, readJsonFile, worthRewriting, writeInPieces } from './json-file.ts';

export type { Rendered };

/** Renders many files' Markdown at once, in the order given. */
export type RenderMany = (texts: readonly string[], origin: string) => Promise<Rendered[]>;

/** The cache key of one file's text, by the text's SHA-256 (base64url), on one site, by one code version. */
const renderKey = (version: string, textHash: string, origin: string): string => cacheKey([version, origin, textHash]);

interface CacheFile {
  version: string;
  entries: Record<string, Rendered>;
}

export interface RenderCacheOptions {
  /** The code version (code-version.ts): a change to any code that can shape a body empties the cache. */
  version: string;
  /**
   * For a long-lived process (the dev server): the entries stay in memory between calls, so only
   * the first call reads (and writes) the file; later changes are written this long after the last
   * one instead of before the call returns. Reading and writing the whole file cost far more than
   * rendering the one note a save changed.
   */
  writeDelayMs?: number;
  /**
   * For a one-shot build: return before the cache is written, so what waits for the bodies (the
   * search index, Astro) does not wait for 50 MB of JSON at 5,000 notes. The process outlives the
   * write.
   */
  writeInBackground?: boolean;
  /** The texts' SHA-256 (base64url), where the caller has them: then no text is hashed again. */
  hashes?: readonly string[];
}

/** Entries a long-lived process holds, by cache file. */
const held = new Map<string, CacheFile>();
const pendingWrites = new Map<string, ReturnType<typeof setTimeout>>();

/** The cache an entry at a time, for `writeInPieces`: a write that fails costs renders next time, never this build. */
function* cachePieces(contents: CacheFile): Generator<string> {
  yield `{"version":${JSON.stringify(contents.version)},"entries":{`;
  let first = true;
  for (const [key, rendered] of Object.entries(contents.entries)) {
    yield `${first ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(rendered)}`;
    first = false;
  }
  yield '}}';
}

const isCacheFile = (value: unknown): value is CacheFile =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<CacheFile>).version === 'string' &&
  typeof (value as Partial<CacheFile>).entries === 'object';

const readCache = async (cacheFile: string | undefined, version: string, hold: boolean): Promise<Record<string, Rendered>> => {
  if (cacheFile === undefined) return {};
  const kept = hold ? held.get(cacheFile) : undefined;
  if (kept?.version === version) return kept.entries;
  // No cache yet, an unreadable one or another code's: render everything.
  const parsed = await readJsonFile(cacheFile, isCacheFile);
  return parsed?.version === version ? parsed.entries : {};
};

/**
 * Renders every text, taking what the cache file holds and rendering only the rest (with `render`),
 * then writes the cache back when it changed.
 */
export const renderWithCache = async (
  texts: readonly string[],
  origin: string,
  render: RenderMany,
  cacheFile: string | undefined,
  options: RenderCacheOptions,
): Promise<Rendered[]> => {
  const { version } = options;
  const cached = await readCache(cacheFile, version, options.writeDelayMs !== undefined);
  const keys = texts.map((text, at) => renderKey(version, options.hashes?.[at] ?? hash('sha256', text, 'base64url'), origin));
  const missing = [...new Set(keys.filter((key) => !(key in cached)))];
  const textByKey = new Map(keys.map((key, index) => [key, texts[index] as string]));
  const fresh = await render(
    missing.map((key) => textByKey.get(key) as string),
    origin,
  );
  const entries: Record<string, Rendered> = {};
  for (const key of keys) if (key in cached) entries[key] = cached[key] as Rendered;
  missing.forEach((key, index) => {
    entries[key] = fresh[index] as Rendered;
  });
  const stale = Object.keys(cached).length !== Object.keys(entries).length;
  const contents: CacheFile = { version, entries };
  const changed = missing.length > 0 || stale;
  if (cacheFile && options.writeDelayMs !== undefined && held.has(cacheFile)) {
    held.set(cacheFile, contents);
    if (changed) {
      clearTimeout(pendingWrites.get(cacheFile));
      const timer = setTimeout(() => {
        pendingWrites.delete(cacheFile);
        void writeInPieces(cacheFile, cachePieces(held.get(cacheFile) ?? contents));
      }, options.writeDelayMs);
      // A server stopped before the timer fires renders the notes saved last once more next time.
      timer.unref();
      pendingWrites.set(cacheFile, timer);
    }
  } else if (cacheFile) {
    if (options.writeDelayMs !== undefined) held.set(cacheFile, contents);
    // A long-lived process writes what it rendered; a build only when it is worth the whole file.
    if (options.writeDelayMs !== undefined ? changed : worthRewriting(missing.length, keys.length)) {
      const writing = writeInPieces(cacheFile, cachePieces(contents));
      if (options.writeInBackground !== true) await writing;
    }
  }
  return keys.map((key) => entries[key] as Rendered);
};
