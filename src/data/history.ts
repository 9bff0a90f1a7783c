/** The verdict history the content loader published (read from git with the content), and its key for page reuse. */
import { createHash } from 'node:crypto';
import { published } from '../lib/bodies.ts';
import type { VerdictHistory } from '../lib/verdict-history.ts';

/** The verdict history, or why there is none; the loader reads it with the content. */
export const historyData = (): VerdictHistory =>
  published()?.history ?? { available: false, reason: 'the content loader has not run' };

let keyed: { history: VerdictHistory; key: string } | undefined;

/**
 * Changes whenever the history does: a commit can add a change without changing any file's bytes
 * (committing what the last build showed), so the pages that show it are keyed by it too.
 */
export const historyKey = (): string => {
  const history = historyData();
  if (keyed?.history !== history) {
    keyed = { history, key: createHash('sha256').update(JSON.stringify(history)).digest('base64url') };
  }
  return keyed.key;
};
