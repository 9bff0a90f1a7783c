/**
 * Installs what a run needs before the sandbox closes the network: the client's package at a version,
 * and the packages it would fetch from the registry at run time, each into the lab cache
 * (`~/.cache/canimcp-lab/<package>@<version>`, `CANIMCP_LAB_CACHE` moves it), never into the project.
 * The newest version is asked of the registry the way drift asks (src/drift/registry.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { newestRelease } from '../../drift/registry.ts';

/** The cache the clients are installed into, outside the project and its dependencies. */
export const labCache = (): string => process.env['CANIMCP_LAB_CACHE'] ?? path.join(homedir(), '.cache', 'canimcp-lab');

/** The version the registry names as the package's latest; an Error saying why where it cannot tell. */
export const latestVersion = async (pkg: string): Promise<string> => {
  const release = await newestRelease(pkg, { npm: 'npm', timeoutMs: 120_000 });
  if ('unreachable' in release) throw new Error(`the newest version of ${pkg}: ${release.unreachable}`);
  return release.version;
};

/** The folder a package version is (or would be) installed in. */
export const prefixOf = (pkg: string, version: string): string => path.join(labCache(), `${pkg}@${version}`);

/** The installed package's folder inside a prefix. */
export const packageDir = (prefix: string, pkg: string): string => path.join(prefix, 'node_modules', pkg);

/** The prefix holding `pkg` at `version`, installing it first where the cache does not have it. */
export const install = (pkg: string, version: string): string => {
  const prefix = prefixOf(pkg, version);
  const manifest = path.join(packageDir(prefix, pkg), 'package.json');
  const installed = () =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === version;
  if (installed()) return prefix;
  console.error(`probe: installing ${pkg}@${version} into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const result = spawnSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${pkg}@${version}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0 || !installed())
    throw new Error(`npm install ${pkg}@${version} failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return prefix;
};

/** The global prefix a helper is (or would be) installed in: `npm install -g --prefix` puts it under `lib/node_modules`. */
export const helperPrefixOf = (pkg: string, version: string): string => path.join(labCache(), 'npm-global', `${pkg}@${version}`);

/** The global prefix holding the helper `pkg` at `version`, installing it first where the cache does not have it. */
export const installHelper = (pkg: string, version: string): string => {
  const prefix = helperPrefixOf(pkg, version);
  const manifest = path.join(prefix, 'lib', 'node_modules', pkg, 'package.json');
  const installed = () =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === version;
  if (installed()) return prefix;
  console.error(`probe: installing the helper ${pkg}@${version} into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const result = spawnSync('npm', ['install', '-g', '--prefix', prefix, '--no-audit', '--no-fund', `${pkg}@${version}`], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0 || !installed())
    throw new Error(`npm install -g ${pkg}@${version} failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return prefix;
};
