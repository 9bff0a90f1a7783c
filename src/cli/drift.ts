/**
 * `npm run drift`: what may no longer hold, as a queue (src/drift/run.ts; `--help` lists the options
 * and exit codes).
 */
import { runDrift } from '../drift/run.ts';
import { contentDir, repoRoot } from '../node/paths.ts';
import { fail } from './fail.ts';

const main = async () => {
  const { code, stdout, stderr } = await runDrift(process.argv.slice(2), {
    contentDir: contentDir(),
    root: repoRoot,
    env: process.env,
  });
  process.stdout.write(stdout);
  process.stderr.write(stderr);
  process.exitCode = code;
};

main().catch((error: unknown) => {
  fail(error);
  process.exitCode = 4;
});
