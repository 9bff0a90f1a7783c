/**
 * What `npm run check` prints and its exit code, as data, so the command and the tests share one
 * implementation. Options are read from argv like the command's; the content folder is passed in.
 * SITE_URL and BUILD_DATE come from the environment (src/node/environment.ts), as in the command.
 */
import { parseArgs } from 'node:util';
import { loadContent } from './content.ts';
import { formatGithubAnnotation, formatProblem } from '../lib/content/problems.ts';
import { staleNotes } from '../lib/content/stale.ts';
import { buildDate, siteOrigin } from './environment.ts';
import { astroCacheDir } from './paths.ts';
import { USAGE_EXIT, usageError } from './command-line.ts';

/** The command's whole output and exit code. */
export interface CheckOutput {
  code: number;
  stdout: string;
  stderr: string;
}

const lines = (items: readonly string[]) => items.map((item) => `${item}\n`).join('');
/** Options it cannot read: one line, exit 2. */
const failed = (message: string): CheckOutput => ({ code: USAGE_EXIT, stdout: '', stderr: `error: ${message}\n` });

/**
 * Validates a content folder with `npm run check`'s options:
 *   --format human|github|json   how problems are printed (default human: path:line:col: field: message)
 *   --stale DAYS                 list notes last verified more than DAYS ago instead (a report; exit 0)
 */
export const runCheck = async (argv: readonly string[], contentDir: string): Promise<CheckOutput> => {
  let values: { format: string; stale?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { format: { type: 'string', default: 'human' }, stale: { type: 'string' } },
      allowPositionals: false,
    }));
  } catch (error) {
    const usage = usageError(error, 'npm run check');
    if (usage === undefined) throw error;
    return failed(usage.message);
  }
  const format = values.format;
  if (format !== 'human' && format !== 'github' && format !== 'json') {
    return failed(`--format: expected human, github or json, got ${JSON.stringify(format)}`);
  }
  // The build's cache folder: check and build keep one set of capture checks between them.
  const { content, problems } = await loadContent(contentDir, {
    origin: siteOrigin(),
    today: buildDate(),
    cacheDir: astroCacheDir(),
  });

  if (values.stale !== undefined) {
    const days = Number(values.stale);
    if (!Number.isInteger(days) || days < 0)
      return failed(`--stale: expected a whole number of days, got ${JSON.stringify(values.stale)}`);
    const stale = staleNotes(content.research, days, buildDate());
    if (format === 'json') return { code: 0, stdout: lines([JSON.stringify(stale, null, 2)]), stderr: '' };
    return {
      code: 0,
      stdout: lines([
        ...stale.map(
          (note) =>
            `${note.file}: last verified ${note.lastVerified} (${note.days} days ago) · clients: ${note.clients.join(', ')}`,
        ),
        `${stale.length} note${stale.length === 1 ? '' : 's'} last verified more than ${days} days ago`,
      ]),
      stderr: '',
    };
  }

  const stdout =
    format === 'json'
      ? lines([JSON.stringify({ problems }, null, 2)])
      : lines(problems.map((problem) => (format === 'github' ? formatGithubAnnotation(problem) : formatProblem(problem))));
  const count = Object.values(content).reduce<number>((sum, list: readonly unknown[]) => sum + list.length, 0);
  if (problems.length > 0) {
    const stderr = format === 'human' ? `\n${problems.length} problem${problems.length === 1 ? '' : 's'} found\n` : '';
    return { code: 1, stdout, stderr };
  }
  return { code: 0, stdout, stderr: format === 'human' ? `ok: ${count} entries checked, no problems\n` : '' };
};
