/**
 * `npm run outputs`: every output the build writes (the table in src/lib/routes/outputs.ts), printed
 * as the Markdown table a contract holds: URLs, forms, key, schema, content type, whether the sitemap
 * and /llms.txt list it, and what it is.
 *   usage: npm run outputs -- [--architecture] [--write]
 *   --architecture   print ARCHITECTURE.md's list of outputs (what writes each, its key) instead
 *   --write          write that list into ARCHITECTURE.md, between its markers
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { architectureOutputs, outputsMarkdown, withArchitectureOutputs } from '../lib/outputs/outputs-table.ts';
import { commandArgs } from '../node/command-line.ts';
import { repoRoot } from '../node/paths.ts';
import { fail } from './fail.ts';

const main = async () => {
  const args = commandArgs(import.meta.url, {
    options: { architecture: { type: 'boolean', default: false }, write: { type: 'boolean', default: false } },
  });
  if (args === undefined) return;
  if (!args.values.write) {
    process.stdout.write(args.values.architecture ? `${architectureOutputs()}\n` : outputsMarkdown());
    return;
  }
  const file = path.join(repoRoot, 'ARCHITECTURE.md');
  const written = withArchitectureOutputs(await readFile(file, 'utf8'));
  if (written === undefined) throw new Error('ARCHITECTURE.md has no markers for the list of outputs');
  await writeFile(file, written);
  console.error(`wrote the list of outputs into ${path.relative(process.cwd(), file) || file}`);
};

main().catch(fail);
