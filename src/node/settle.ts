import { stat } from 'node:fs/promises';

const fingerprint = (file: string): Promise<string> =>
  stat(file).then(
    (stats) => `${stats.size}:${stats.mtimeMs}:${stats.ino}`,
    () => 'missing',
  );

/** What the files look like from outside (size, modification time, inode, or missing), as one string. */
export const lookAt = async (files: readonly string[]): Promise<string> => (await Promise.all(files.map(fingerprint))).join('\n');

export interface SettleOptions {
  /** Time between two looks, in ms. */
  interval?: number;
  /** Gives up waiting after this long, in ms, for a file that never stops changing. */
  limit?: number;
  look?: (files: readonly string[]) => Promise<string>;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Waits until the files look the same twice in a row, `interval` apart, and returns that look.
 * An editor that saves in place truncates the file, then writes it; the watcher may report only the
 * truncation, so reading at once can catch the empty file and no later event says it has changed.
 */
export const settle = async (
  files: readonly string[],
  {
    interval = 50,
    limit = 2_000,
    look = lookAt,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  }: SettleOptions = {},
): Promise<string> => {
  let last = await look(files);
  for (let waited = 0; waited < limit; waited += interval) {
    await sleep(interval);
    const now = await look(files);
    if (now === last) return now;
    last = now;
  }
  return last;
};
