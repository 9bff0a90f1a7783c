/**
 * The build's settings from the environment, read here and nowhere else: src/lib is pure and takes
 * each value as a parameter, and pages and views get them through src/data. Each reads its variable
 * when called (tests stub them per file); each value's rule is pure, beside what uses it.
 */
import packageJson from '../../package.json' with { type: 'json' };
import { deployHost, type HeadersHost } from '../lib/outputs/headers.ts';
import { resolveRepository, type Repository } from '../lib/outputs/repository.ts';
import { originOf } from '../lib/routes/urls.ts';

/** The site's origin: `SITE_URL`, without a trailing slash. */
export const siteOrigin = (): string => originOf(process.env['SITE_URL']);

/**
 * The build date, `YYYY-MM-DD` in UTC. `BUILD_DATE` pins it so that tests and reproducible builds
 * do not depend on the clock.
 */
export const buildDate = (): string => process.env['BUILD_DATE'] ?? new Date().toISOString().slice(0, 10);

/** The host this build writes `_headers` for: `DEPLOY_HOST`. */
export const configuredHost = (): HeadersHost => deployHost(process.env['DEPLOY_HOST']);

/**
 * The repository the site links to: `REPOSITORY_URL` where set, else package.json's `repository`;
 * undefined when neither names a GitHub repository. Throws on a `REPOSITORY_URL` that names none,
 * so a typo is not a silent no-op.
 */
export const configuredRepository = (): Repository | undefined =>
  resolveRepository(process.env['REPOSITORY_URL'], (packageJson as { repository?: unknown }).repository);

/** The variables pages show, as `NAME=value`, as set (an unset one is empty). */
const PAGE_ENVIRONMENT = ['SITE_URL', 'REPOSITORY_URL', 'BUILD_DATE'];

/**
 * What the page manifest's version holds of the environment (`pagesVersion`, page-reuse.ts): a
 * change to any of these renders every page again. `DEPLOY_HOST` shapes only `_headers`, which is
 * written every build.
 */
export const pageEnvironment = (): string[] => PAGE_ENVIRONMENT.map((name) => `${name}=${process.env[name] ?? ''}`);
