/**
 * `npm run probe -- releases <client>… | --all [--registry npm|pypi|go|maven] [--registry-url <url>]`: reads each client's published
 * versions and their times from its registry (the package and registry its kit installs from, else the client
 * file's `package`; `--registry` overrides the registry) and writes `content/releases/<client>.json` (FORMAT.md),
 * so the build counts the releases nobody captured without going online. npm is asked through `npm
 * view <package> time versions --json`, so the user's npm configuration and registry apply; PyPI,
 * the Go proxy and Maven Central over HTTP (release-registries.ts), at `--registry-url` where given.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { publishedVersions, type PublishedVersions, type RegistryOptions } from '../drift/registry.ts';
import { goVersions, mavenVersions, pypiVersions, registryBases, type VersionTimes } from '../drift/release-registries.ts';
import { compareVersions } from '../lib/evidence/versions.ts';
import { parseFile } from '../lib/content/frontmatter.ts';
import { contentDir } from '../node/paths.ts';
import { releasesDir } from '../node/release-files.ts';
import { releaseRegistries, type ClientReleases, type ReleaseRegistry } from '../schema/releases.ts';
import { kitFor } from './kits/index.ts';
import { clientIds } from './read-capture.ts';

/** How to reach a registry: npm through the npm command (its configuration applies), the others at a base URL. */
export interface ReaderOptions {
  npm: RegistryOptions;
  /** A base URL for the registry asked (a mirror, or a test's server on loopback); its public one where unset. */
  base?: string;
}

/** The public base URL of a registry read over HTTP; the Go proxy's is `GOPROXY`'s first URL where one is set. */
const baseOf = (registry: Exclude<ReleaseRegistry, 'npm'>, base: string | undefined): string => {
  const goproxy = registry === 'go' ? process.env['GOPROXY']?.split(/[,|]/)[0] : undefined;
  const given = base ?? (goproxy !== undefined && /^https?:\/\//.test(goproxy) ? goproxy : registryBases[registry]);
  return given.replace(/\/+$/, '');
};

/** How each registry lists a package's versions and their times: one writer, the registry a parameter. */
export const readers: Record<ReleaseRegistry, (pkg: string, options: ReaderOptions) => Promise<VersionTimes>> = {
  npm: (pkg, options) => publishedVersions(pkg, options.npm),
  pypi: (pkg, options) => pypiVersions(pkg, { base: baseOf('pypi', options.base), timeoutMs: options.npm.timeoutMs }),
  go: (pkg, options) => goVersions(pkg, { base: baseOf('go', options.base), timeoutMs: options.npm.timeoutMs }),
  maven: (pkg, options) => mavenVersions(pkg, { base: baseOf('maven', options.base), timeoutMs: options.npm.timeoutMs }),
};

/** A registry's time as an ISO 8601 UTC instant (`+00:00` and microseconds become `Z` and milliseconds); undefined where it is no time. */
export const utcInstant = (time: string): string | undefined => {
  const at = new Date(time);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString().replace('.000Z', 'Z');
};

/**
 * The release list of a client from what the registry answered, versions in release order (those
 * that are not versions last, by name); an Error naming the versions whose time is not a time.
 */
export const releaseList = (
  client: string,
  registry: ReleaseRegistry,
  pkg: string,
  published: PublishedVersions,
  checked: Date,
): ClientReleases => {
  const times = Object.entries(published).map(([version, time]) => [version, utcInstant(time), time] as const);
  const bad = times.filter(([, instant]) => instant === undefined);
  if (bad.length > 0)
    throw new Error(
      `${pkg}: the registry gave no time for ${bad.map(([version, , time]) => `${version} (${JSON.stringify(time)})`).join(', ')}`,
    );
  const ordered = times
    .map(([version, instant]) => [version, instant as string] as const)
    .sort(([a], [b]) => compareVersions(a, b) ?? (a < b ? -1 : a > b ? 1 : 0));
  return {
    client,
    registry,
    package: pkg,
    checked: utcInstant(checked.toISOString()) as string,
    versions: Object.fromEntries(ordered),
  };
};

/**
 * The registry a client's package is published on: the one its kit installs from (npm where the kit
 * names none), or none where no kit installs it, so `--all` never asks npm about a PyPI name.
 */
const registryOf = (client: string): ReleaseRegistry | undefined => {
  const kit = kitFor(client);
  if (kit === undefined) return undefined;
  const named = (kit as { registry?: unknown }).registry;
  return typeof named === 'string' && (releaseRegistries as readonly string[]).includes(named)
    ? (named as ReleaseRegistry)
    : 'npm';
};

/** A client file's `package`, where it names one. */
const packageOf = async (dir: string, client: string): Promise<string | undefined> => {
  const data = parseFile(await readFile(path.join(dir, 'clients', `${client}.md`), 'utf8'))?.data;
  const pkg = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['package'] : undefined;
  return typeof pkg === 'string' && pkg !== '' ? pkg : undefined;
};

/** Runs `releases`; exit 1 where any client's list could not be read (the others are still written). */
export const runReleases = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      all: { type: 'boolean', default: false },
      registry: { type: 'string' },
      'registry-url': { type: 'string' },
    },
    allowPositionals: true,
  });
  if (values.registry !== undefined && !(releaseRegistries as readonly string[]).includes(values.registry))
    throw new Error(`--registry: expected one of ${releaseRegistries.join(', ')}, got ${JSON.stringify(values.registry)}`);
  const dir = contentDir();
  const known = clientIds(dir);
  for (const client of positionals) if (!known.has(client)) throw new Error(`unknown client ${JSON.stringify(client)}`);
  const asked = values.all ? [...known].sort() : positionals;
  if (asked.length === 0) throw new Error('releases: name a client (content/clients/<id>.md), or --all');
  await mkdir(releasesDir(dir), { recursive: true });
  let failed = 0;
  for (const client of asked) {
    // The package the lab installs and captures is the one whose versions the captures carry (Factory
    // Droid's kit installs the platform package, whose releases the wrapper does not all share), as the campaign reads it.
    const pkg = kitFor(client)?.package ?? (await packageOf(dir, client));
    const registry = (values.registry as ReleaseRegistry | undefined) ?? registryOf(client);
    if (pkg === undefined || registry === undefined) {
      // --all passes over what it cannot read; a client named on its own says why.
      if (!values.all) {
        console.error(
          `probe: ${client}: ${
            pkg === undefined
              ? `content/clients/${client}.md names no package`
              : 'no kit says which registry publishes it: name one with --registry'
          }`,
        );
        failed += 1;
      }
      continue;
    }
    const published = await readers[registry](pkg, {
      npm: { npm: 'npm', timeoutMs: 120_000 },
      ...(values['registry-url'] === undefined ? {} : { base: values['registry-url'] }),
    });
    if ('unreachable' in published) {
      console.error(`probe: ${client}: ${published.unreachable}`);
      failed += 1;
      continue;
    }
    const list = releaseList(client, registry, pkg, published.versions, new Date());
    const file = path.join(releasesDir(dir), `${client}.json`);
    await writeFile(file, `${JSON.stringify(list, null, 2)}\n`);
    console.log(`${path.relative(process.cwd(), file)}: ${Object.keys(list.versions).length} versions of ${pkg}`);
  }
  return failed === 0 ? 0 : 1;
};
