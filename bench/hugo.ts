/**
 * The reference row: the same generated notes rendered by Hugo with the minimal layout in
 * bench/hugo/, then indexed by the project's own Pagefind through its npm CLI. Measured like the
 * project's build (wall, CPU and peak memory of the process tree), cold (output and cache deleted).
 * Its site can be searched before it is deleted: Pagefind's own first search on the same notes.
 */
import { spawnSync } from 'node:child_process';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../src/node/paths.ts';
import { measure, outputOf, type ProcessStats } from './measure.ts';

const HUGO = process.env['HUGO'] ?? 'hugo';

/** Hugo's version line, or undefined where `hugo` is not installed. */
export const hugoVersion = (): string | undefined => {
  const result = spawnSync(HUGO, ['version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : undefined;
};

export interface HugoMeasured {
  /** Hugo's own build. */
  hugo: ProcessStats;
  /** Pagefind's CLI over Hugo's output. */
  pagefind: ProcessStats;
  /** Pages Pagefind reports it indexed. */
  pagefindPages: number | undefined;
}

/**
 * Builds the corpus with Hugo into `work/hugo-public`, then indexes it with Pagefind; both cold.
 * `withSite` gets the indexed site's folder before it is deleted.
 */
export const measureHugo = async (
  contentDir: string,
  work: string,
  withSite?: (publicDir: string) => Promise<void>,
): Promise<HugoMeasured> => {
  const publicDir = path.join(work, 'hugo-public');
  const cacheDir = path.join(work, 'hugo-cache');
  await rm(publicDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
  const options = { cwd: repoRoot, env: { ...process.env } };
  const hugo = await measure(
    HUGO,
    [
      '--source',
      path.join(repoRoot, 'bench/hugo'),
      '--contentDir',
      contentDir,
      '--destination',
      publicDir,
      '--cacheDir',
      cacheDir,
      '--noBuildLock',
      '--quiet',
    ],
    options,
  );
  if (hugo.exitCode !== 0) throw new Error(`hugo failed (exit ${hugo.exitCode}):\n${outputOf(hugo)}`);
  const pagefind = await measure(
    process.execPath,
    [path.join(repoRoot, 'node_modules/pagefind/lib/runner/bin.cjs'), '--site', publicDir],
    options,
  );
  if (pagefind.exitCode !== 0) throw new Error(`pagefind failed (exit ${pagefind.exitCode}):\n${outputOf(pagefind)}`);
  if (withSite) await withSite(publicDir);
  const indexed = pagefind.lines.map((line) => /Indexed (\d+) pages?/i.exec(line.text)?.[1]).find(Boolean);
  await rm(publicDir, { recursive: true, force: true });
  await rm(cacheDir, { recursive: true, force: true });
  return { hugo, pagefind, pagefindPages: indexed ? Number(indexed) : undefined };
};
