import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The date (YYYY-MM-DD) of the last commit that touched each file under `dir`, keyed by absolute
 * path. One `git log` for the whole folder, not one per file. Outside a repository, or where git is
 * missing, the map is empty and callers fall back to the build date; a shallow clone simply knows
 * fewer commits.
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
