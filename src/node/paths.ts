import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, where package.json lives. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The content folder: `CONTENT_DIR` (absolute, or relative to the repo root), else `content/`. */
export const contentDir = (): string => path.resolve(repoRoot, process.env['CONTENT_DIR'] ?? 'content');

/**
 * Astro's cache folder (rendered bodies, the pages' manifest, the index being built):
 * `ASTRO_CACHE_DIR` (absolute, or relative to the repo root), else Astro's own default.
 */
export const astroCacheDir = (): string => path.resolve(repoRoot, process.env['ASTRO_CACHE_DIR'] || 'node_modules/.astro');

/** A file's path from the project root, with `/` separators; undefined when it lies outside the project. */
export const projectPath = (root: string, file: string): string | undefined => {
  const relative = path.relative(root, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
};
