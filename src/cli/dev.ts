/** `npm run dev`: Astro's dev server, on the same content folder as the build. */
import { repoRoot } from '../lib/paths.ts';
import { fail } from './fail.ts';

const { dev } = await import('astro');
dev({ root: repoRoot }).catch(fail);
