/**
 * `npm run check-server -- <server.json>`: what the published feature data says each client will do
 * with what this server sends. `--run <program> [args…]` starts the server instead and asks it.
 *   usage: npm run check-server -- <server.json> | --run <program> [args…]  [--format human|json] [--site DIR]
 *   --format human|json   findings grouped by client (default), or `[{ client, feature, finding, evidence, kind }]`
 *   --site DIR            the built site whose data/*.json is read (default dist/, built first if missing)
 * Exit 1 where any finding is a loss (something a client drops or refuses), 2 for input or options
 * it cannot read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkDataOf } from '../lib/server-check/check-data.ts';
import { checkServer, hasLoss } from '../lib/server-check/check-server.ts';
import { readJsonText } from '../lib/server-check/json-text.ts';
import { readServerInput } from '../lib/server-check/server-input.ts';
import { formatFindings } from '../lib/server-check/format.ts';
import { askServer } from '../node/ask-server.ts';
import { siteOrigin } from '../node/environment.ts';
import { publishedSite, readPublished } from '../node/published-data.ts';
import { commandArgs, usageLine, UsageError } from '../node/command-line.ts';
import { fail } from './fail.ts';

const usage = usageLine(import.meta.url);

const main = async () => {
  const args = commandArgs(import.meta.url, {
    allowPositionals: true,
    options: { format: { type: 'string', default: 'human' }, site: { type: 'string' }, run: { type: 'string' } },
  });
  if (args === undefined) return;
  const { values, positionals } = args;
  if (values.format !== 'human' && values.format !== 'json')
    throw new UsageError(`--format: expected human or json, got "${values.format}"; ${usage}`);
  let input: unknown;
  let source: string;
  if (values.run !== undefined) {
    source = [values.run, ...positionals].join(' ');
    input = await askServer(values.run, positionals);
  } else {
    const [file] = positionals;
    if (file === undefined || positionals.length > 1) throw new UsageError(usage);
    source = file;
    const read = readJsonText(await readFile(path.resolve(file), 'utf8'));
    if (!read.ok) {
      console.error(`${file}:${read.mistake.line}:${read.mistake.column}: ${read.mistake.message}`);
      process.exitCode = 2;
      return;
    }
    input = read.value;
  }
  const server = readServerInput(input);
  if (!server.ok) {
    for (const problem of server.problems) console.error(`${source}: ${problem.path}: ${problem.message}`);
    process.exitCode = 2;
    return;
  }
  const site = values.site === undefined ? publishedSite() : path.resolve(values.site);
  const published = await readPublished(site, { build: values.site === undefined });
  const reports = checkServer(server.server, checkDataOf(published['features.json'], published['clients.json']));
  process.stdout.write(formatFindings(reports, values.format, siteOrigin()));
  process.exitCode = hasLoss(reports) ? 1 : 0;
};

main().catch(fail);
