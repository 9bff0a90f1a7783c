/** What the two processes of `npm run build` hand each other: the job (the child's one argument) and the child's message. */
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
 * The one message the page build sends the parent: its search records, as soon as they exist, as
 * lines of JSON in one string (`recordLine`): the parent compares them with the last build's as
 * they are and parses only those that changed, instead of holding 5,000 records as objects.
 */
export interface PageBuildMessage {
  kind: 'records';
  lines: string;
}
