import type { LoadResult } from '../lib/entries.ts';
import { readContent, type ReadCache } from './read-content.ts';
import { sortProblems } from '../lib/problems.ts';
import { validateContent, type ValidationMemo } from '../lib/validate.ts';

export type { Content, Entry, LoadResult } from '../lib/entries.ts';

/** What a long-lived process (the dev server) keeps between reads of one folder: a save costs one file's work. */
export interface ContentCache {
  files: ReadCache;
  checks: ValidationMemo;
}

export const createContentCache = (): ContentCache => ({ files: new Map(), checks: new WeakMap() });

/**
 * Reads and validates a whole content folder: what `npm run check` reports and what the build
 * publishes. Never throws on bad content; every problem is returned.
 */
export const loadContent = async (contentDir: string, options: { origin: string; cache?: ContentCache }): Promise<LoadResult> => {
  const { files, problems } = await readContent(contentDir, options.cache?.files);
  const result = validateContent(files, { origin: options.origin, ...(options.cache ? { memo: options.cache.checks } : {}) });
  return { content: result.content, problems: sortProblems([...problems, ...result.problems]) };
};
