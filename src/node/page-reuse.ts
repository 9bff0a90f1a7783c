/**
 * Reusing pages across builds (the plan itself is in src/lib/page-reuse.ts). A rebuild after a
 * one-note edit renders that note's page and twin and the pages that list notes, and links every
 * other file a route would have written from the published site into the new one: a hard link, no
 * copy and no new inode. A file is reused only when it was built with the same key (src/data/site.ts)
 * by the same code (every file under src/, the Astro config, package.json and its lock file, and the
 * environment pages read). The manifest that says so is committed only once its site is published.
 */
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPEN_FILES, mapLimited } from '../lib/map-limited.ts';
import type { ReusePlan } from '../lib/page-reuse.ts';

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
export const pagesVersion = (code: string): string => {
  const hash = createHash('sha256').update(code);
  for (const name of PAGE_ENVIRONMENT) hash.update(`\0${name}=${process.env[name] ?? ''}`);
  return hash.digest('base64url');
};

const readManifest = (file: string): Promise<Manifest | undefined> =>
  readFile(file, 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => undefined);

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
  const manifest = await readManifest(manifestFile(cacheDir));
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
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(manifest));
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
