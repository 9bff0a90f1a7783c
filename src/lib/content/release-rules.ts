/**
 * The rules of the release lists (`releases/<client>.json`, FORMAT.md): each file is valid JSON that
 * its schema accepts (a time that is not an ISO 8601 UTC time is refused), names the client its file
 * is named for, a client that exists, and that client's package (or the package its captures were
 * made with, where the lab installs a platform package); and every version a capture of that client
 * was made with is listed, of the list's package, so each captured version has its release date and a
 * count of releases between captured versions never misses one.
 */
import { ClientReleases } from '../../schema/releases.ts';
import { parseAuthored } from '../../schema/errors.ts';
import type { Capture } from '../evidence/capture.ts';
import { compareVersions } from '../evidence/versions.ts';
import { registryPackage } from '../evidence/built-with.ts';
import { issuePath } from './issues.ts';
import { jsonLocator, jsonSyntaxProblem } from './json-position.ts';
import type { Problem } from './problems.ts';
import { didYouMean } from './suggest.ts';

/** One release list as read from disk. */
export interface ReleaseFile {
  /** The file name without `.json`: the client it must be about. */
  id: string;
  /** The file, relative to the working directory, as problems name it. */
  file: string;
  text: string;
  /** The SHA-256 of the file's bytes: what the pages that count releases are keyed on. */
  sha256: string;
}

/** What the release lists of a content folder give: the valid lists by client, and every problem. */
export interface CheckedReleases {
  releases: Map<string, ClientReleases>;
  problems: Problem[];
}

/** What the rules check a list against: each client's id and package, and the valid captures. */
export interface ReleaseContext {
  clients: ReadonlyMap<string, { package?: string | undefined }>;
  captures: Iterable<Pick<Capture, 'id' | 'header'>>;
}

const REWRITE = 'read the registry again with npm run probe -- releases';

/** The registry package a capture was made with: a build's raised dependencies do not make it another package. */
const capturedPackage = (label: string | undefined): string | undefined => (label === undefined ? undefined : registryPackage(label));

/** Whether a list holds a version: as written, or as the same release (`0.210` and `0.210.0`). */
const lists = (versions: Record<string, string>, version: string): boolean =>
  version in versions || Object.keys(versions).some((listed) => compareVersions(listed, version) === 0);

/** Checks every release list; a list with a problem is left out of `releases`, so no page counts from it. */
export const checkReleases = (files: readonly ReleaseFile[], context: ReleaseContext): CheckedReleases => {
  const releases = new Map<string, ClientReleases>();
  const problems: Problem[] = [];
  const byClient = Map.groupBy(context.captures, (capture) => capture.header.client);
  const capturedPackages = new Map(
    [...byClient].map(([client, captures]) => [client, new Set(captures.map((capture) => capturedPackage(capture.header.package)))]),
  );
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(file.text);
    } catch (error) {
      problems.push(jsonSyntaxProblem(file.file, error, `${REWRITE} ${file.id}`));
      continue;
    }
    const locate = jsonLocator(file.text);
    const problem = (at: readonly PropertyKey[], message: string): Problem => ({
      file: file.file,
      ...locate(at),
      ...(at.length === 0 ? {} : { field: issuePath(at) }),
      message,
    });
    const parsed = parseAuthored(ClientReleases, data);
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((issue) => problem(issue.path, issue.message)));
      continue;
    }
    const list = parsed.data;
    const own: Problem[] = [];
    const client = context.clients.get(list.client);
    if (list.client !== file.id)
      own.push(problem(['client'], `expected "${file.id}", the client this file is named for, got "${list.client}"`));
    else if (client === undefined)
      own.push(problem(['client'], `unknown client "${list.client}"${didYouMean(list.client, context.clients.keys())}`));
    else if (client.package !== undefined && client.package !== list.package && !capturedPackages.get(list.client)?.has(list.package))
      own.push(
        problem(
          ['package'],
          `expected "${client.package}", the package content/clients/${list.client}.md names, or one its captures were made with, got "${list.package}"`,
        ),
      );
    // Every captured version is dated, whatever package the capture names: a capture of another
    // package than the list's is a version the list cannot date.
    const missing = new Map<string, { capture: string; package: string | undefined }>();
    for (const capture of byClient.get(list.client) ?? []) {
      const { version } = capture.header;
      const pkg = capturedPackage(capture.header.package);
      const listed = (pkg === undefined || pkg === list.package) && lists(list.versions, version);
      if (!listed && !missing.has(version)) missing.set(version, { capture: capture.id, package: pkg });
    }
    for (const [version, { capture, package: pkg }] of missing)
      own.push(
        problem(
          ['versions'],
          pkg !== undefined && pkg !== list.package
            ? `captured version "${version}" of ${pkg} (capture ${capture}) has no date: this list is of ${list.package}; ${REWRITE} ${list.client}`
            : `captured version "${version}" (capture ${capture}) is not listed; ${REWRITE} ${list.client}`,
        ),
      );
    problems.push(...own);
    if (own.length === 0) releases.set(list.client, list);
  }
  return { releases, problems };
};
