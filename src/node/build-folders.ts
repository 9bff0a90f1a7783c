import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/** Where a build writes before the swap, and where the last good site waits while it is swapped out. */
export const stagingFolder = (outDir: string, pid = process.pid): string => `${outDir}.staging-${pid}`;
export const previousFolder = (outDir: string, pid = process.pid): string => `${outDir}.previous-${pid}`;

const isRunning = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const exists = (target: string) =>
  stat(target).then(
    () => true,
    () => false,
  );

/**
 * Removes what an interrupted build left beside `outDir` (its staging folder, or the previous site
 * if it stopped mid-swap), skipping folders of builds still running. When the interruption came
 * between the two renames, `outDir` is missing and the previous site is put back, so a build that
 * then fails still leaves the last good site where it was.
 */
export const clearLeftovers = async (outDir: string, running: (pid: number) => boolean = isRunning): Promise<string[]> => {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  const pattern = new RegExp(`^${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(staging|previous)-(\\d+)$`);
  const names = await readdir(parent).catch(() => [] as string[]);
  const leftovers = names
    .map((name) => ({ name, match: pattern.exec(name) }))
    .filter(({ match }) => match !== null && Number(match[2]) !== process.pid && !running(Number(match[2])))
    .map(({ name, match }) => ({ folder: path.join(parent, name), kind: match?.[1] }));
  const removed: string[] = [];
  for (const { folder, kind } of leftovers) {
    if (kind === 'previous' && !(await exists(outDir))) {
      await rename(folder, outDir);
      continue;
    }
    await rm(folder, { recursive: true, force: true });
    removed.push(folder);
  }
  return removed;
};
