/**
 * The newest release of a client's package, asked of the registry the way npm itself asks
 * (`npm view <package> dist-tags time --json`), so the user's registry configuration applies.
 */
import { execFile } from 'node:child_process';

/** A package's newest release: the registry's `latest` tag and the day it was published. */
export interface Release {
  version: string;
  date?: string;
}

/** How to reach the registry: which npm to run, and for how long. */
export interface RegistryOptions {
  /** The npm command; `npm` from PATH by default. */
  npm: string;
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
}

const firstLine = (text: string) => text.trim().split('\n')[0]?.trim() ?? '';

/** An object, or undefined for anything else. */
const record = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** `npm view --json`'s answer as an object, or what went wrong (not JSON, or npm's own error object). */
const readView = (stdout: string): { view: Record<string, unknown> | undefined } | { unreachable: string } => {
  let data: unknown;
  try {
    data = JSON.parse(stdout);
  } catch {
    return { unreachable: 'npm view did not answer with JSON' };
  }
  const view = record(data);
  const error = record(view?.['error']);
  if (error) {
    const text = [error['summary'], error['code']].find((value): value is string => typeof value === 'string');
    return { unreachable: firstLine(text ?? 'npm view failed') };
  }
  return { view };
};

/** Reads `npm view`'s JSON answer: the `latest` tag and its publication day, or what went wrong. */
export const parseView = (stdout: string): Release | { unreachable: string } => {
  const read = readView(stdout);
  if ('unreachable' in read) return read;
  const { view } = read;
  const latest = record(view?.['dist-tags'])?.['latest'];
  if (typeof latest !== 'string' || latest === '') return { unreachable: 'the registry names no latest release' };
  const published = record(view?.['time'])?.[latest];
  const date = typeof published === 'string' && /^\d{4}-\d{2}-\d{2}/.test(published) ? published.slice(0, 10) : undefined;
  return date === undefined ? { version: latest } : { version: latest, date };
};

/**
 * Runs `npm view <pkg> <fields> --json` and reads its output with `parse`, or says why the registry
 * could not tell (unreachable, unknown package, too slow, npm missing).
 */
const askNpm = <T extends object>(
  pkg: string,
  fields: string[],
  parse: (stdout: string) => T | { unreachable: string },
  options: RegistryOptions,
): Promise<T | { unreachable: string }> =>
  new Promise((resolve) => {
    execFile(
      options.npm,
      ['view', pkg, ...fields, '--json'],
      { timeout: options.timeoutMs, maxBuffer: 64 * 1024 * 1024, env: options.env ?? process.env, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error && (error as { killed?: boolean }).killed) {
          resolve({ unreachable: `npm view ${pkg} took longer than ${Math.round(options.timeoutMs / 1000)} s` });
          return;
        }
        if (error && (error as { code?: unknown }).code === 'ENOENT') {
          resolve({ unreachable: `cannot run ${options.npm}: not found` });
          return;
        }
        const parsed = stdout.trim() === '' ? undefined : parse(stdout);
        if (
          parsed !== undefined &&
          (!error || !('unreachable' in parsed) || parsed.unreachable !== 'npm view did not answer with JSON')
        ) {
          resolve(parsed);
          return;
        }
        resolve({ unreachable: firstLine(stderr) || `npm view ${pkg} failed` });
      },
    );
  });

/** The newest release of `pkg`, or why the registry could not tell (unreachable, unknown package, too slow). */
export const newestRelease = (pkg: string, options: RegistryOptions): Promise<Release | { unreachable: string }> =>
  askNpm(pkg, ['dist-tags', 'time'], parseView, options);

/** Every published version of a package and when it was published, as the registry lists them. */
export type PublishedVersions = Record<string, string>;

/**
 * Reads `npm view <package> time versions --json`: each version still listed under `versions` with
 * its time (a version once published and withdrawn keeps a time but is no longer installable, so it
 * is not a release anyone can capture), or what went wrong.
 */
export const parseVersionTimes = (stdout: string): { versions: PublishedVersions } | { unreachable: string } => {
  const read = readView(stdout);
  if ('unreachable' in read) return read;
  const { view } = read;
  const time = record(view?.['time']);
  const listed = view?.['versions'];
  const versions = Array.isArray(listed) ? listed : typeof listed === 'string' ? [listed] : undefined;
  if (time === undefined || versions === undefined) return { unreachable: 'the registry lists no versions with times' };
  const published: PublishedVersions = {};
  for (const version of versions) {
    const at = typeof version === 'string' ? time[version] : undefined;
    if (typeof version === 'string' && typeof at === 'string') published[version] = at;
  }
  return { versions: published };
};

/** Every published version of `pkg` with its time, asked of npm as the user configured it, or why it could not tell. */
export const publishedVersions = (
  pkg: string,
  options: RegistryOptions,
): Promise<{ versions: PublishedVersions } | { unreachable: string }> =>
  askNpm(pkg, ['time', 'versions'], parseVersionTimes, options);
