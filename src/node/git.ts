import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The date (YYYY-MM-DD) of the last commit that touched each file under `dir`, keyed by absolute
 * path. One `git log` for the whole folder, not one per file. Outside a repository, or where git is
 * missing, the map is empty and callers fall back to the build date. A shallow clone knows fewer
 * commits: its oldest lists every file as added, so a file last changed before it gets its date
 * (the build says so in its log, `shallowCloneWarning`).
 */
export const lastCommitDates = (dir: string): Map<string, string> => {
  const dates = new Map<string, string>();
  let output: string;
  try {
    const top = execFileSync('git', ['-C', dir, 'rev-parse', '--show-toplevel'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    output = execFileSync('git', ['-C', top, 'log', '--format=%x00%cs', '--name-only', '--', path.relative(top, dir) || '.'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      maxBuffer: 256 * 1024 * 1024,
    });
    for (const block of output.split('\0')) {
      const [date, ...files] = block.split('\n');
      if (date === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(date)) continue;
      for (const file of files) {
        if (file === '') continue;
        const absolute = path.join(top, file);
        // git log runs newest first: the first date seen for a file is its last change.
        if (!dates.has(absolute)) dates.set(absolute, date);
      }
    }
  } catch {
    return dates;
  }
  return dates;
};

/**
 * What a build says in its log when `dir` is in a shallow clone: its pages cannot show the history
 * (no verdict history; a file last changed before the clone's oldest commit is dated by that
 * commit), and how to fetch it. Undefined in a full clone, or outside git.
 */
export const shallowCloneWarning = (dir: string): string | undefined => {
  let shallow = '';
  try {
    shallow = execFileSync('git', ['-C', dir, 'rev-parse', '--is-shallow-repository'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
  if (shallow !== 'true') return undefined;
  return `warning: ${dir} is in a shallow clone: the verdict history is unavailable (no history is published) and last-updated dates stop at the clone's oldest commit; fetch the whole history with \`git fetch --unshallow\` (in GitHub Actions: fetch-depth: 0) and build again`;
};
