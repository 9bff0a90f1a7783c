/** The repository note pages link for corrections and edits, configured once for the whole site. */
import packageJson from '../../package.json' with { type: 'json' };
import { resolveRepository, type Repository } from '../lib/repository.ts';

/**
 * `REPOSITORY_URL` where set, else package.json's `repository`; undefined when neither names a
 * GitHub repository. Throws on a `REPOSITORY_URL` that names none, so a typo is not a silent no-op.
 */
export const configuredRepository = (): Repository | undefined =>
  resolveRepository(process.env['REPOSITORY_URL'], (packageJson as { repository?: unknown }).repository);
