/**
 * Reusing pages across builds. A rebuild after a one-note edit renders that note's page and twin and
 * the pages that list notes, and links every other file a route would have written from the
 * published site into the new one: a hard link, no copy and no new inode. The plan is made before
 * Astro renders anything: a file of the published site is reused when the same code (every file
 * under src/, the Astro config, package.json and its lock file, and the environment pages read)
 * built it with the key this build gives it (`fileKey`, page-keys.ts). The route helpers
 * (src/data/paths.ts) and the twins leave those files out, and `linkReused` links them. The
 * manifest that says so is committed only once its site is published. Its key: `pagesVersion` (the
 * code version and the environment), the published folder, and per file its key and its stamp;
 * complete because a page is a function of the code, the environment and what its key hashes
 * (page-keys.ts), and the rebuild oracle (tests/rebuild.oracle.test.ts) holds every route to it.
 *
 * The stamp (inode, size, modification time in nanoseconds) is what recognises the file the
 * pipeline wrote: anything else that writes into the published folder (a bare `astro build` with
 * other settings, an editor, a copy) changes it, and that file is built again instead of trusted.
 * A hard link keeps the inode and the time, so a file kept build after build keeps its stamp.
 *
 * The Cloudflare form moves the captures' files out of the published site into packs
 * (capture-fold.ts) and keeps the files themselves in `foldedFolder`, by rename: same inode, same
 * stamp. A file the published site lacks is looked for there.
 */
import { constants } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { OPEN_FILES, mapLimited } from '../lib/tasks/map-limited.ts';
import { pageEnvironment } from './environment.ts';
import { cacheKey, readJsonFile, writeInPieces } from './json-file.ts';
import { fileKey, type PageKeys } from './page-keys.ts';

/** Which files a build takes from the published site, known before Astro starts. */
export interface PagePlan {
  /** The published site, whose files are taken. */
  site: string;
  /** This build's key of a file (relative to the site); undefined for a file built every time. */
  keyOf: (file: string) => string | undefined;
  /** The files of the published site built with the key this build gives them: taken, not built. */
  reused: ReadonlySet<string>;
  /** Those of them taken from the published site's folded files (`foldedFolder`), and where those are. */
  folded?: { site: string; files: ReadonlySet<string> };
}

interface Manifest {
  code: string;
  /** The site the pages were published to. */
  outDir: string;
  /** By file, relative to the site. */
  keys: Record<string, string>;
  /** By file, its stamp (`fileStamp`) as the pipeline wrote it. */
  stamps: Record<string, string>;
}

/** Which code and which keys built the published site's pages. */
export const manifestFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'page-keys.json');

/** The files the published site's fold moved into packs (capture-fold.ts), at their paths in the site. */
export const foldedFolder = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'folded');

/**
 * The version a page's files are kept under: the code's (code-version.ts) and the environment the
 * pages read, which no file records.
 */
export const pagesVersion = (code: string): string => cacheKey([code, ...pageEnvironment()]);

const isManifest = (value: unknown): value is Manifest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Manifest>).code === 'string' &&
  typeof (value as Partial<Manifest>).outDir === 'string' &&
  typeof (value as Partial<Manifest>).keys === 'object' &&
  typeof (value as Partial<Manifest>).stamps === 'object';

/**
 * What recognises a file as the one written: its inode, size and modification time (ns); undefined
 * where there is no file. Another write, in place or by replacing the file, changes one of them.
 */
export const fileStamp = async (file: string): Promise<string | undefined> => {
  const info = await stat(file, { bigint: true }).catch(() => undefined);
  return info?.isFile() === true ? `${info.ino}:${info.size}:${info.mtimeNs}` : undefined;
};

/** The stamps of `files` (relative paths) in `site`, those that exist. */
const stampsOf = async (site: string, files: readonly string[]): Promise<Map<string, string>> => {
  const stamps = await mapLimited(files, OPEN_FILES, (file) => fileStamp(path.join(site, file)));
  const found = new Map<string, string>();
  files.forEach((file, index) => {
    const stamp = stamps[index];
    if (stamp !== undefined) found.set(file, stamp);
  });
  return found;
};

/**
 * The plan of a build of `outDir` with `keys`: the files of the published site that the same code
 * built with the key this build gives them, still as the pipeline wrote them (same stamp). The same
 * code has the same routes, so those are exactly the files the route helpers leave out.
 */
export const planReuse = async (cacheDir: string, outDir: string, code: string, keys: PageKeys): Promise<PagePlan> => {
  const manifest = await readJsonFile(manifestFile(cacheDir), isManifest);
  const keyOf = (file: string) => fileKey(keys, file);
  const reused = new Set<string>();
  const folded = { site: foldedFolder(cacheDir), files: new Set<string>() };
  if (manifest?.code === code && manifest.outDir === outDir) {
    const kept = Object.entries(manifest.keys)
      .filter(([file, key]) => keyOf(file) === key)
      .map(([file]) => file);
    const present = await stampsOf(outDir, kept);
    const missing = kept.filter((file) => !present.has(file));
    const held = missing.length === 0 ? new Map<string, string>() : await stampsOf(folded.site, missing);
    for (const file of kept) {
      const stamp = manifest.stamps[file];
      if (present.get(file) === stamp) reused.add(file);
      else if (held.get(file) === stamp) {
        reused.add(file);
        folded.files.add(file);
      }
    }
  }
  return { site: outDir, keyOf, reused, ...(folded.files.size > 0 ? { folded } : {}) };
};

/**
 * Links the reused files from the published site into `site` (a copy where a link fails); a file
 * Astro wrote itself (a route that renders every item) stays as written. Returns how many it linked.
 */
export const linkReused = async (plan: PagePlan, site: string): Promise<number> => {
  const files = [...plan.reused];
  const folders = [...new Set(files.map((file) => path.dirname(path.join(site, file))))];
  await mapLimited(folders, OPEN_FILES, (folder) => mkdir(folder, { recursive: true }));
  const linked = await mapLimited(files, OPEN_FILES, async (file) => {
    const from = plan.folded?.files.has(file) === true ? path.join(plan.folded.site, file) : path.join(plan.site, file);
    const to = path.join(site, file);
    try {
      await link(from, to);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      await copyFile(from, to, constants.COPYFILE_EXCL);
    }
    return true;
  });
  return linked.filter(Boolean).length;
};

/**
 * Writes the manifest of the site built in `site` beside the committed one (`commitManifest` makes
 * it count): every file of it that has a key, with this build's key and its stamp (renaming the
 * site into place keeps both).
 */
export const writeManifest = async (file: string, plan: PagePlan, code: string, site: string): Promise<void> => {
  const keys: Record<string, string> = {};
  for (const entry of await readdir(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(site, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    const key = plan.keyOf(relative);
    if (key !== undefined) keys[relative] = key;
  }
  const stamps = Object.fromEntries(await stampsOf(site, Object.keys(keys)));
  const manifest: Manifest = { code, outDir: plan.site, keys, stamps };
  // A manifest that cannot be written only costs the next build its reuse, never this build.
  await writeInPieces(file, [JSON.stringify(manifest)]);
};

/**
 * Before the new site is swapped in: the published site is about to change, so no manifest
 * describes it until `commitManifest` (a build stopped in between renders every page next time).
 */
export const retractManifest = (cacheDir: string): Promise<void> => rm(manifestFile(cacheDir), { force: true });

/**
 * A build outside the pipeline (a bare `astro build`) into `outDir` is about to write over the
 * published files: the manifest that describes them no longer counts. One into another folder
 * leaves it.
 */
export const retractManifestOf = async (cacheDir: string, outDir: string): Promise<void> => {
  const manifest = await readJsonFile(manifestFile(cacheDir), isManifest);
  if (manifest !== undefined && path.resolve(manifest.outDir) === path.resolve(outDir)) await retractManifest(cacheDir);
};

/** Once the new site is published: the manifest `next` becomes the one the next build reads. */
export const commitManifest = async (cacheDir: string, next: string): Promise<void> => {
  await rename(next, manifestFile(cacheDir)).catch(() => retractManifest(cacheDir));
};
