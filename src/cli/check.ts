/**
 * `npm run check`: validates the whole content folder without building pages.
 *   usage: npm run check -- [--format human|github|json] [--stale DAYS]
 *   --format human|github|json   how problems are printed (default human: path:line:col: field: message)
 *   --stale DAYS                 instead, list notes last verified more than DAYS ago (a report; exit 0)
 * Environment: CONTENT_DIR (the content folder), BUILD_DATE (today). Exit 1 where the content has
 * problems, 2 for options it cannot read.
 */
import { runCheck } from '../node/check.ts';
import { asksHelp, headerHelp } from '../node/command-line.ts';
import { contentDir } from '../node/paths.ts';
import { fail } from './fail.ts';

const main = async () => {
  const argv = process.argv.slice(2);
  if (asksHelp(argv)) return void process.stdout.write(headerHelp(import.meta.url));
  const { code, stdout, stderr } = await runCheck(argv, contentDir());
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
};

main().catch(fail);
