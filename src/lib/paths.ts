import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder, where package.json lives. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** The content folder: `CONTENT_DIR` (absolute, or relative to the repo root), else `content/`. */
export const contentDir = (): string => path.resolve(repoRoot, process.env['CONTENT_DIR'] ?? 'content');
