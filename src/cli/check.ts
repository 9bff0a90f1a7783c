/**
 * `npm run check`: validates the whole content folder without building pages.
 *   --format human|github|json   how problems are printed (default human: path:line:col: field: message)
 *   --stale DAYS                 also list notes last verified more than DAYS ago (a report; exit 0)
 */
import { runCheck } from '../node/check.ts';
import { contentDir } from '../node/paths.ts';
import { fail } from './fail.ts';

const main = async () => {
  const { code, stdout, stderr } = await runCheck(process.argv.slice(2), contentDir());
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
};

main().catch(fail);
