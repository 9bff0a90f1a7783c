/** What the two processes of `npm run build` hand each other: the job (the child's one argument) and the messages between them. */
import type { PreparedParts } from '../prepared.ts';

/** The folders of one build: what the parent hands the page build, as its one argument. */
export interface BuildJob {
  /** The published site, `dist/` unless `OUT_DIR` says otherwise. */
  outDir: string;
  /** Where this build's site is made, beside `outDir`, and renamed to it at the end. */
  staging: string;
  /** Astro's cache folder (`ASTRO_CACHE_DIR`), where every cache of the build lives. */
  cacheDir: string;
  /** The manifest of the pages the child built; it counts once its site is published. */
  nextManifest: string;
  quiet: boolean;
}

/**
 * The one message the parent sends the page build: the content it read, validated and rendered,
 * as plain data (`PreparedParts`, prepared.ts), which the page build's Astro has been starting up for
 * meanwhile. The parent keeps the search records it made from the same parts and indexes them itself.
 */
export interface PreparedMessage {
  kind: 'prepared';
  parts: PreparedParts;
}

/**
 * The one message the page build sends the parent: that it listens for the content. Node drops a
 * message that arrives before a process listens, and the page build listens only once its modules
 * are loaded, which can be after the parent prepared a small or cached folder.
 */
export interface PageBuildMessage {
  kind: 'ready';
}
