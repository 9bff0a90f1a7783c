/**
 * Every published version of a package and when it was published, from the registries beyond npm
 * (npm is asked through `npm view`, registry.ts): PyPI's JSON API (each release's earliest upload
 * that was not yanked), the Go module proxy (`@v/list`, then each version's `.info` Time) and Maven
 * Central's search API (each version's timestamp). The base URL is a parameter, so tests answer from
 * a server on loopback and a mirror can stand in for the public registry.
 */
import type { PublishedVersions } from './registry.ts';

/** What a reader gives: the versions with their times, or why the registry could not tell. */
export type VersionTimes = { versions: PublishedVersions } | { unreachable: string };

/** Where a registry answers, and for how long to wait. */
export interface HttpRegistryOptions {
  /** The registry's base URL, without a trailing slash (`https://pypi.org`). */
  base: string;
  timeoutMs: number;
}

/** The public registries' base URLs; the Go proxy's is `GOPROXY`'s first URL where one is set. */
export const registryBases = {
  pypi: 'https://pypi.org',
  go: 'https://proxy.golang.org',
  maven: 'https://search.maven.org',
} as const;

const record = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A registry's time as ISO 8601 where it is one (a timezone-less PyPI time is UTC); undefined otherwise. */
const isoTime = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value)) return new Date(value).toISOString();
  if (typeof value !== 'string') return undefined;
  const text = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  return Number.isNaN(new Date(text).getTime()) ? undefined : text;
};

/**
 * Reads PyPI's `/pypi/<project>/json`: each release with at least one file not yanked, at its
 * earliest such upload (a release is published when its first file is).
 */
export const parsePypi = (body: string): VersionTimes => {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { unreachable: 'PyPI did not answer with JSON' };
  }
  const releases = record(record(data)?.['releases']);
  if (releases === undefined) return { unreachable: 'PyPI lists no releases' };
  const versions: PublishedVersions = {};
  for (const [version, files] of Object.entries(releases)) {
    const times = (Array.isArray(files) ? files : [])
      .map(record)
      .filter((file) => file !== undefined && file['yanked'] !== true)
      .map((file) => isoTime(file?.['upload_time_iso_8601'] ?? file?.['upload_time']))
      .filter((time): time is string => time !== undefined)
      .sort((a, b) => new Date(a).getTime() - new Date(b).getTime());
    if (times[0] !== undefined) versions[version] = times[0];
  }
  return { versions };
};

/** Reads a Go proxy's `@v/<version>.info`: the version and its Time, or undefined where it names neither. */
export const parseGoInfo = (body: string): { version: string; time: string } | undefined => {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return undefined;
  }
  const info = record(data);
  const version = info?.['Version'];
  const time = isoTime(info?.['Time']);
  return typeof version === 'string' && version !== '' && time !== undefined ? { version, time } : undefined;
};

/**
 * A module path as the Go proxy protocol spells it in URLs: each capital letter as `!` and its lower
 * case (`github.com/Azure/x` is `github.com/!azure/x`).
 */
export const escapeModulePath = (module: string): string => module.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);

/**
 * Reads Maven Central's search answer (`/solrsearch/select?q=g:<group> AND a:<artifact>&core=gav`):
 * each version with its timestamp (milliseconds since the epoch).
 */
export const parseMaven = (body: string): VersionTimes => {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { unreachable: 'Maven Central did not answer with JSON' };
  }
  const docs = record(record(data)?.['response'])?.['docs'];
  if (!Array.isArray(docs)) return { unreachable: 'Maven Central lists no versions' };
  const versions: PublishedVersions = {};
  for (const doc of docs.map(record)) {
    const version = doc?.['v'];
    const time = isoTime(doc?.['timestamp']);
    if (typeof version === 'string' && time !== undefined) versions[version] = time;
  }
  return { versions };
};

/** The body of a GET, or why there is none (a status other than 200, a timeout, no answer). */
const get = async (url: string, timeoutMs: number): Promise<{ body: string } | { unreachable: string }> => {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (response.status !== 200) return { unreachable: `${url} answered ${response.status}` };
    return { body: await response.text() };
  } catch (error) {
    const name = error instanceof Error ? error.name : '';
    return {
      unreachable: name === 'TimeoutError' ? `${url} took longer than ${Math.round(timeoutMs / 1000)} s` : `${url}: no answer`,
    };
  }
};

/** Every release of a PyPI project with its first upload time. */
export const pypiVersions = async (project: string, options: HttpRegistryOptions): Promise<VersionTimes> => {
  const answer = await get(`${options.base}/pypi/${encodeURIComponent(project)}/json`, options.timeoutMs);
  return 'unreachable' in answer ? answer : parsePypi(answer.body);
};

/** Every version a Go proxy lists for a module, each with the Time of its `.info`. */
export const goVersions = async (module: string, options: HttpRegistryOptions): Promise<VersionTimes> => {
  const root = `${options.base}/${escapeModulePath(module)}/@v`;
  const list = await get(`${root}/list`, options.timeoutMs);
  if ('unreachable' in list) return list;
  const versions: PublishedVersions = {};
  for (const listed of list.body
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')) {
    const info = await get(`${root}/${encodeURIComponent(listed)}.info`, options.timeoutMs);
    if ('unreachable' in info) return info;
    const parsed = parseGoInfo(info.body);
    if (parsed === undefined) return { unreachable: `${root}/${listed}.info names no version and time` };
    versions[parsed.version] = parsed.time;
  }
  return { versions };
};

/** Every version of a Maven artifact (`group:artifact`) with its Maven Central timestamp. */
export const mavenVersions = async (coordinates: string, options: HttpRegistryOptions): Promise<VersionTimes> => {
  const [group, artifact, ...rest] = coordinates.split(':');
  if (group === undefined || artifact === undefined || group === '' || artifact === '' || rest.length > 0)
    return { unreachable: `a Maven package is group:artifact, not ${JSON.stringify(coordinates)}` };
  const query = new URLSearchParams({ q: `g:${group} AND a:${artifact}`, core: 'gav', rows: '1000', wt: 'json' });
  const answer = await get(`${options.base}/solrsearch/select?${query.toString()}`, options.timeoutMs);
  return 'unreachable' in answer ? answer : parseMaven(answer.body);
};
