/**
 * Reusing pages across builds (the plan itself is in src/lib/page-reuse.ts). A rebuild after a
 * one-note edit renders that note's page and twin and the pages that list notes, and links every
 * other file a route would have written from the published site into the new one: a hard link, no
 * copy and no new inode. A file is reused only when it was built with the same key (src/data/site.ts)
 * by the same code (every file under src/, the Astro config, package.json and its lock file, and the
 * environment pages read). The manifest that says so is committed only once its site is published.
 * Its key: `pagesVersion` (the code version and the environment), the published folder, and per file
 * the key its route gave it; complete because a page is a function of the code, the environment and
 * what its key hashes (src/data/site.ts, src/data/paths.ts say what each route's key covers), and
 * the rebuild oracle (tests/rebuild-oracle.test.ts) holds every route to it.
 */
import { copyFile, link, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { OPEN_FILES, mapLimited } from '../lib/map-limited.ts';
import type { ReusePlan } from '../lib/page-reuse.ts';
import { cacheKey, readJsonFile, writeInPieces } from './json-file.ts';

interface Manifest {
  code: string;
  /** The site the pages were published to. */
  outDir: string;
  /** By file, relative to the site. */
  keys: Record<string, string>;
}

/** Environment variables a note page depends on. */
const PAGE_ENVIRONMENT = ['SITE_URL', 'REPOSITORY_URL', 'BUILD_DATE'];

/** Which code and which keys built the published site's pages. */
export const manifestFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'page-keys.json');

/**
 * The version a page's files are kept under: the code's (code-version.ts) and the environment the
 * pages read, which no file records.
 */
export const pagesVersion = (code: string): string =>
  cacheKey([code, ...PAGE_ENVIRONMENT.map((name) => `${name}=${process.env[name] ?? ''}`)]);

const isManifest = (value: unknown): value is Manifest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Manifest>).code === 'string' &&
  typeof (value as Partial<Manifest>).outDir === 'string' &&
  typeof (value as Partial<Manifest>).keys === 'object';

/** The files of `site` among `files` (relative paths): one listing per folder, not a look per file. */
const presentFiles = async (site: string, files: readonly string[]): Promise<Set<string>> => {
  const folders = [...new Set(files.map((file) => path.posix.dirname(file)))];
  const listed = await mapLimited(folders, OPEN_FILES, async (folder) =>
    (await readdir(path.join(site, folder), { withFileTypes: true }).catch(() => []))
      .filter((entry) => entry.isFile())
      .map((entry) => path.posix.join(folder, entry.name)),
  );
  return new Set(listed.flat());
};

/** The plan of a build of `outDir`: the files of the published site that the same code built. */
export const planReuse = async (cacheDir: string, outDir: string, code: string): Promise<ReusePlan> => {
  const manifest = await readJsonFile(manifestFile(cacheDir), isManifest);
  const previous = new Map<string, string>();
  if (manifest?.code === code && manifest.outDir === outDir) {
    const entries = Object.entries(manifest.keys);
    const present = await presentFiles(
      outDir,
      entries.map(([file]) => file),
    );
    for (const [file, key] of entries) if (present.has(file)) previous.set(file, key);
  }
  return { site: outDir, previous, keys: new Map(), reused: new Set() };
};

/** Links the reused files from the published site into `site` (a copy where a link fails). */
export const linkReused = async (plan: ReusePlan, site: string): Promise<void> => {
  const files = [...plan.reused];
  const folders = [...new Set(files.map((file) => path.dirname(path.join(site, file))))];
  await mapLimited(folders, OPEN_FILES, (folder) => mkdir(folder, { recursive: true }));
  await mapLimited(files, OPEN_FILES, async (file) => {
    const from = path.join(plan.site, file);
    const to = path.join(site, file);
    await link(from, to).catch(() => copyFile(from, to));
  });
};

/** Writes the manifest of a build beside the committed one; `commitManifest` makes it count. */
export const writeManifest = async (file: string, plan: ReusePlan, code: string): Promise<void> => {
  const manifest: Manifest = { code, outDir: plan.site, keys: Object.fromEntries(plan.keys) };
  // A manifest that cannot be written only costs the next build its reuse, never this build.
  await writeInPieces(file, [JSON.stringify(manifest)]);
};

/**
 * Before the new site is swapped in: the published site is about to change, so no manifest
 * describes it until `commitManifest` (a build stopped in between renders every page next time).
 */
export const retractManifest = (cacheDir: string): Promise<void> => rm(manifestFile(cacheDir), { force: true });

/** Once the new site is published: the manifest `next` becomes the one the next build reads. */
export const commitManifest = async (cacheDir: string, next: string): Promise<void> => {
  await rename(next, manifestFile(cacheDir)).catch(() => retractManifest(cacheDir));
};
