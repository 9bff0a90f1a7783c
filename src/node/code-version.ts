/**
 * The one version of the code that every cache keys on. It is a digest of every file that can change
 * what the build writes: all of `src/` (the schema, the Markdown pipeline, URLs, components, pages,
 * the build itself), the Astro config, TypeScript's config, package.json (its `repository` field is
 * linked from pages) and the lock file (every installed package, Astro's and the Markdown engine's
 * among them). A cache keyed on less than this publishes stale output after a code change: the render
 * cache once keyed on two Markdown modules and kept bodies whose links a third one made.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/** The files outside `src/` that shape the output. */
const PROJECT_FILES = ['astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

const versions = new Map<string, Promise<string>>();

const digestOf = async (root: string): Promise<string> => {
  const hash = createHash('sha256');
  const sources = (await readdir(path.join(root, 'src'), { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
  for (const file of [...sources, ...PROJECT_FILES]) {
    const bytes = await readFile(path.join(root, file)).catch(() => Buffer.alloc(0));
    hash.update(`${file}\0${bytes.length}\0`).update(bytes);
  }
  return hash.digest('base64url');
};

/** The code version of a checkout, read once per process: the code does not change under a build. */
export const codeVersion = (root: string = repoRoot): Promise<string> => {
  let version = versions.get(root);
  if (version === undefined) {
    version = digestOf(root);
    versions.set(root, version);
  }
  return version;
};
