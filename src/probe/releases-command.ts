/**
 * `npm run probe -- releases <client>… | --all [--registry npm]`: reads each client's published
 * versions and their times from its registry (the one its kit installs from, or `--registry`) and writes `content/releases/<client>.json` (FORMAT.md),
 * so the build counts the releases nobody captured without going online. npm is asked through `npm
 * view <package> time versions --json`, so the user's npm configuration and registry apply; the
 * other registries a release list may name (PyPI, Go, Maven) have no reader here yet.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { publishedVersions, type PublishedVersions, type RegistryOptions } from '../drift/registry.ts';
import { compareVersions } from '../lib/evidence/versions.ts';
import { parseFile } from '../lib/content/frontmatter.ts';
import { contentDir } from '../node/paths.ts';
import { releasesDir } from '../node/release-files.ts';
import { releaseRegistries, type ClientReleases, type ReleaseRegistry } from '../schema/releases.ts';
import { kitFor } from './kits/index.ts';
import { clientIds } from './read-capture.ts';

/** How one registry lists a package's versions and their times; npm is the one the lab reads today. */
const readers: Partial<Record<ReleaseRegistry, (pkg: string, options: RegistryOptions) => ReturnType<typeof publishedVersions>>> =
  { npm: publishedVersions };

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
    options: { all: { type: 'boolean', default: false }, registry: { type: 'string' } },
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
    const pkg = await packageOf(dir, client);
    const registry = (values.registry as ReleaseRegistry | undefined) ?? registryOf(client);
    const read = registry === undefined ? undefined : readers[registry];
    if (pkg === undefined || registry === undefined || read === undefined) {
      // --all passes over what it cannot read; a client named on its own says why.
      if (!values.all) {
        console.error(
          `probe: ${client}: ${
            pkg === undefined
              ? `content/clients/${client}.md names no package`
              : registry === undefined
                ? 'no kit says which registry publishes it: name one with --registry'
                : `the lab reads only npm's releases so far, not ${registry}'s`
          }`,
        );
        failed += 1;
      }
      continue;
    }
    const published = await read(pkg, { npm: 'npm', timeoutMs: 120_000 });
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
