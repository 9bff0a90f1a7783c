import type { LoadResult } from '../lib/entries.ts';
import { readContent } from './read-content.ts';
import { sortProblems } from '../lib/problems.ts';
import { validateContent } from '../lib/validate.ts';

export type { Content, Entry, LoadResult } from '../lib/entries.ts';

/**
 * Reads and validates a whole content folder: what `npm run check` reports and what the build
 * publishes. Never throws on bad content; every problem is returned.
 */
export const loadContent = async (contentDir: string, options: { origin: string }): Promise<LoadResult> => {
  const { files, problems } = await readContent(contentDir);
  const result = validateContent(files, options);
  return { content: result.content, problems: sortProblems([...problems, ...result.problems]) };
};
