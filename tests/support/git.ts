/**
 * Git for tests that make repositories of their own: a command run with a fixed author and committer,
 * and the date given as both dates, so commits and the history read from them are the same every run.
 */
import { execFileSync } from 'node:child_process';

/** Runs git in `cwd` as a fixed author, dated `date` where given; its output, trimmed. */
export const gitAt = (cwd: string, args: readonly string[], date?: string): string =>
  execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@e',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@e',
      ...(date === undefined ? {} : { GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date }),
    },
    stdio: 'pipe',
  }).trim();
