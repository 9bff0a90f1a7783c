/**
 * Pagefind names its fragments, index and filter chunks and metadata by their content and skips
 * writing such a file when it already exists: seeded with the last build's files, it writes only
 * what an edit changed, where compressing and writing every file again took most of a rebuild's
 * index time (8 s of 11 at 5,000 notes). The seed is the published bundle itself (`dist/pagefind`),
 * hard-linked into the scratch folder: the site is only ever replaced whole, so its files are never
 * rewritten in place, and no second copy is made. The files it names but the new index does not
 * are pruned before the bundle is published. Its key is each file's own name, which Pagefind makes
 * from the file's content: complete, since a file of that name can only hold those bytes.
 */
import { link, mkdir, readdir, readFile, unlink } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cborStrings } from '../lib/search/cbor-strings.ts';

/** The folders of content-named files; never rewritten in place, so safe to share by hard link. */
const NAMED = ['fragment', 'index', 'filter'];
/** Pagefind's compressed files start with this marker, after decompression. */
const MARKER = 'pagefind_dcd';

/** The installed Pagefind's version (its package does not export package.json). */
const pagefindVersion = (): string =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('pagefind')), 'utf8')) as { version: string }).version;

const names = (dir: string) => readdir(dir).catch((): string[] => []);

/** Which Pagefind wrote a bundle; undefined when there is none. */
const bundleVersion = async (bundle: string): Promise<string | undefined> => {
  try {
    return (JSON.parse(await readFile(path.join(bundle, 'pagefind-entry.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
};

/**
 * Links every content-named file of the bundle `from` into `to` (made if missing), when the
 * installed Pagefind wrote it (another version may name the same content differently); false when
 * it did not seed.
 */
export const seedBundle = async (from: string, to: string): Promise<boolean> => {
  if ((await bundleVersion(from)) !== pagefindVersion()) return false;
  try {
    const metas = (await names(from)).filter((name) => name.endsWith('.pf_meta'));
    await mkdir(to, { recursive: true });
    for (const meta of metas) await link(path.join(from, meta), path.join(to, meta));
    for (const folder of NAMED) {
      const files = await names(path.join(from, folder));
      await mkdir(path.join(to, folder), { recursive: true });
      await Promise.all(files.map((file) => link(path.join(from, folder, file), path.join(to, folder, file))));
    }
    return true;
  } catch {
    // Another file system, or a bundle half-removed: Pagefind writes what is missing, as without one.
    return false;
  }
};

/** The names (hashes) a bundle's metadata refers to, and its metadata files. */
const referenced = async (bundle: string): Promise<{ hashes: Set<string>; metas: Set<string> }> => {
  const entry = JSON.parse(await readFile(path.join(bundle, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  const metas = new Set(Object.values(entry.languages).map((language) => `pagefind.${language.hash}.pf_meta`));
  const hashes = new Set<string>();
  for (const meta of metas) {
    const bytes = gunzipSync(await readFile(path.join(bundle, meta)));
    if (bytes.subarray(0, MARKER.length).toString() !== MARKER) throw new Error(`pagefind: ${meta} is not a Pagefind file`);
    for (const text of cborStrings(bytes.subarray(MARKER.length))) hashes.add(text);
  }
  return { hashes, metas };
};

/** Removes the content-named files the bundle's metadata does not name; how many it removed. */
export const pruneBundle = async (bundle: string): Promise<number> => {
  const { hashes, metas } = await referenced(bundle);
  let removed = 0;
  for (const name of await names(bundle)) {
    if (name.endsWith('.pf_meta') && !metas.has(name)) {
      await unlink(path.join(bundle, name));
      removed += 1;
    }
  }
  for (const folder of NAMED) {
    for (const file of await names(path.join(bundle, folder))) {
      if (hashes.has(file.slice(0, file.lastIndexOf('.')))) continue;
      await unlink(path.join(bundle, folder, file));
      removed += 1;
    }
  }
  return removed;
};
