import type { LoadResult } from '../lib/content/entries.ts';
import { sameChecks, type CaptureCheck } from '../lib/content/capture-checks.ts';
import { captureChecksFile, readCaptureChecks, writeCaptureChecks } from './capture-check-cache.ts';
import { readCaptureFiles } from './captures.ts';
import { codeVersion } from './code-version.ts';
import { readDriftReport } from './drift-report.ts';
import { readReleaseFiles } from './release-files.ts';
import { checkReleases } from '../lib/content/release-rules.ts';
import { readContent, type ReadCache } from './read-content.ts';
import { sortProblems } from '../lib/content/problems.ts';
import { validateContent, type ValidationMemo } from '../lib/content/validate.ts';

export type { Content, Entry, LoadResult } from '../lib/content/entries.ts';

/**
 * What the dev server keeps between reads of one folder, so a save costs one file's work; a build
 * reads and checks every file.
 */
export interface ContentCache {
  /** Files by path with their size and modification time, for a process that reads the folder again. */
  files?: ReadCache;
  checks: ValidationMemo;
  /** The captures that passed their rules, by id (lib/content/capture-checks.ts). */
  captures?: Map<string, CaptureCheck>;
}

export const createContentCache = (): Required<ContentCache> => ({ files: new Map(), checks: new Map(), captures: new Map() });

/** Kept capture checks from the cache folder, where there is one, under this code. */
const keptChecks = async (cacheDir: string | undefined) =>
  cacheDir === undefined ? undefined : readCaptureChecks(captureChecksFile(cacheDir), await codeVersion());

/**
 * Reads and validates a whole content folder: what `npm run check` reports and what the build
 * publishes. Never throws on bad content; every problem is returned. With `cacheDir` (the build's
 * cache folder), captures that passed their rules in the last clean build or check and have the
 * same bytes are not judged again, and the captures' checks are kept there when nothing has a
 * problem.
 */
export const loadContent = async (
  contentDir: string,
  options: { origin: string; today: string; cache?: ContentCache; cacheDir?: string },
): Promise<LoadResult> => {
  const [{ files, problems }, captures, drift, releaseFiles, kept] = await Promise.all([
    readContent(contentDir, options.cache?.files, options.cache?.checks),
    readCaptureFiles(contentDir),
    readDriftReport(contentDir),
    readReleaseFiles(contentDir),
    options.cache?.captures ?? keptChecks(options.cacheDir),
  ]);
  const result = validateContent(files, {
    origin: options.origin,
    today: options.today,
    captures,
    ...(options.cache ? { memo: options.cache.checks } : {}),
    ...(kept === undefined ? {} : { captureChecks: kept }),
  });
  const { checks } = result.checkedCaptures;
  const releases = checkReleases(releaseFiles, {
    clients: new Map(result.content.clients.map((client) => [client.id, { package: client.data.package }])),
    captures: result.checkedCaptures.captures.values(),
  });
  const all = sortProblems([...problems, ...result.problems, ...drift.problems, ...releases.problems]);
  const unchanged = kept !== undefined && sameChecks(kept, checks);
  if (options.cache?.captures) {
    options.cache.captures.clear();
    for (const [id, check] of checks) options.cache.captures.set(id, check);
  }
  // Written only once every problem is known to be none: a refused folder leaves the cache as it was.
  if (all.length === 0 && options.cacheDir !== undefined && !unchanged)
    await writeCaptureChecks(captureChecksFile(options.cacheDir), await codeVersion(), checks);
  return {
    content: result.content,
    problems: all,
    captures,
    validCaptures: result.checkedCaptures.captures,
    ...(drift.report === undefined ? {} : { drift: drift.report }),
    releaseFiles,
    releases: releases.releases,
  };
};
