import type { LoadResult } from '../lib/content/entries.ts';
import { readCaptureFiles } from './captures.ts';
import { readDriftReport } from './drift-report.ts';
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
}

export const createContentCache = (): Required<ContentCache> => ({ files: new Map(), checks: new Map() });

/**
 * Reads and validates a whole content folder: what `npm run check` reports and what the build
 * publishes. Never throws on bad content; every problem is returned.
 */
export const loadContent = async (
  contentDir: string,
  options: { origin: string; today: string; cache?: ContentCache },
): Promise<LoadResult> => {
  const [{ files, problems }, captures, drift] = await Promise.all([
    readContent(contentDir, options.cache?.files, options.cache?.checks),
    readCaptureFiles(contentDir),
    readDriftReport(contentDir),
  ]);
  const result = validateContent(files, {
    origin: options.origin,
    today: options.today,
    captures,
    ...(options.cache ? { memo: options.cache.checks } : {}),
  });
  return {
    content: result.content,
    problems: sortProblems([...problems, ...result.problems, ...drift.problems]),
    captures,
    ...(drift.report === undefined ? {} : { drift: drift.report }),
  };
};
