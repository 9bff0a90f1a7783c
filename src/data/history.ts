/** The verdict history the content loader published (read from git with the content). */
import { publication } from 'canimcp/build-context';
import type { VerdictHistory } from '../lib/matrix/verdict-history.ts';

/** The verdict history, or why there is none; the loader reads it with the content. */
export const historyData = (): VerdictHistory =>
  publication()?.history ?? { available: false, reason: 'the content loader has not run' };
