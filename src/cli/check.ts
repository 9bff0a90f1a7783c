/**
 * `npm run check`: validates the whole content folder without building pages.
 *   --format human|github|json   how problems are printed (default human: path:line:col: field: message)
 *   --stale DAYS                 also list notes last verified more than DAYS ago (a report; exit 0)
 */
import { parseArgs } from 'node:util';
import { loadContent } from '../lib/content.ts';
import { contentDir } from '../lib/paths.ts';
import { formatGithubAnnotation, formatProblem } from '../lib/problems.ts';
import { staleNotes } from '../lib/stale.ts';
import { buildDate } from '../lib/today.ts';
import { siteOrigin } from '../lib/urls.ts';
import { fail } from './fail.ts';

const main = async () => {
  const { values } = parseArgs({
    options: { format: { type: 'string', default: 'human' }, stale: { type: 'string' } },
    allowPositionals: false,
  });
  const format = values.format;
  if (format !== 'human' && format !== 'github' && format !== 'json') {
    return fail(`--format: expected human, github or json, got ${JSON.stringify(format)}`);
  }
  const { content, problems } = await loadContent(contentDir(), { site: siteOrigin() });

  if (values.stale !== undefined) {
    const days = Number(values.stale);
    if (!Number.isInteger(days) || days < 0)
      return fail(`--stale: expected a whole number of days, got ${JSON.stringify(values.stale)}`);
    const stale = staleNotes(content.research, days, buildDate());
    if (format === 'json') console.log(JSON.stringify(stale, null, 2));
    else {
      for (const note of stale)
        console.log(
          `${note.file}: last verified ${note.lastVerified} (${note.days} days ago) · clients: ${note.clients.join(', ')}`,
        );
      console.log(`${stale.length} note${stale.length === 1 ? '' : 's'} last verified more than ${days} days ago`);
    }
    return;
  }

  if (format === 'json') console.log(JSON.stringify({ problems }, null, 2));
  else
    for (const problem of problems) console.log(format === 'github' ? formatGithubAnnotation(problem) : formatProblem(problem));

  const count = Object.values(content).reduce<number>((sum, list: readonly unknown[]) => sum + list.length, 0);
  if (problems.length > 0) {
    if (format === 'human') console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} found`);
    process.exitCode = 1;
  } else if (format === 'human') {
    console.error(`ok: ${count} entries checked, no problems`);
  }
};

main().catch(fail);
