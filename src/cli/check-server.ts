/**
 * `npm run check-server -- <server.json>`: what the published feature data says each client will do
 * with what this server sends.
 *   usage: npm run check-server -- [--format human|json] [--site DIR] [--server-name NAME] [--auth WORDS] (<server.json> | --run <program> [its args…])
 *   --run <program> [args…]   start the server instead and ask it over stdio; everything after the
 *                             program is the server's own (its flags included), so give this last
 *   --server-name NAME        the name users give the server in a client's settings, which clients
 *                             build tool names from (default: serverInfo.name's last segment)
 *   --auth WORDS              the server's authorization, comma-separated: the ways it lets a client
 *                             register (dcr, cimd, preregistered: the whole list), metadata-in-401
 *                             (protected resource metadata named only in the 401), oidc-only (only
 *                             OpenID Connect discovery), step-up (403 insufficient_scope for more
 *                             scopes); merged into the input's `auth`
 *   --format human|json       findings grouped by client (default), or `[{ client, feature, finding, evidence, kind }]`
 *   --site DIR                the built site whose data/*.json is read (default dist/, built first if
 *                             missing, refused if it was built from other content than the project's)
 * Exit 1 where any finding is lost (something a client drops or refuses), 2 for input or data it cannot read.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkDataOf } from '../lib/server-check/check-data.ts';
import { checkServer, defaultServerName, hasLoss } from '../lib/server-check/check-server.ts';
import { findingsJson, formatFindings } from '../lib/server-check/format.ts';
import { readJsonText } from '../lib/server-check/json-text.ts';
import { describeServer } from '../lib/server-check/describe.ts';
import { readServerInput, withAuthFlag } from '../lib/server-check/server-input.ts';
import { askServer } from '../node/ask-server.ts';
import { siteOrigin } from '../node/environment.ts';
import { publishedSite, readPublished } from '../node/published-data.ts';
import { commandArgs, usageLine, UsageError } from '../node/command-line.ts';
import { fail } from './fail.ts';

const usage = usageLine(import.meta.url);

/** The command's own arguments, and the server's command line: everything after `--run <program>`, flags included. */
const splitRun = (argv: readonly string[]): { own: string[]; run?: string[] } => {
  const at = argv.indexOf('--run');
  if (at === -1) return { own: [...argv] };
  // `--run -- program args` is read the same: the `--` is optional, never needed.
  const rest = argv.slice(at + 1);
  return { own: argv.slice(0, at), run: rest[0] === '--' ? rest.slice(1) : rest };
};

const main = async () => {
  const { own, run } = splitRun(process.argv.slice(2));
  const args = commandArgs(import.meta.url, {
    args: own,
    allowPositionals: true,
    options: {
      format: { type: 'string', default: 'human' },
      site: { type: 'string' },
      'server-name': { type: 'string' },
      auth: { type: 'string' },
    },
  });
  if (args === undefined) return;
  const { values, positionals } = args;
  if (values.format !== 'human' && values.format !== 'json')
    throw new UsageError(`--format: expected human or json, got "${values.format}"; ${usage}`);
  let input: unknown;
  let source: string;
  const notes: string[] = [];
  if (run !== undefined) {
    const [program, ...args] = run;
    if (program === undefined || positionals.length > 0) throw new UsageError(usage);
    source = run.join(' ');
    const asked = await askServer(program, args).catch((error: unknown) => {
      console.error(`${source}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
      return undefined;
    });
    if (asked === undefined) return;
    input = asked.answers;
    notes.push(
      asked.called.length === 0
        ? 'No tool is marked read-only with no required argument, so none was called: checks of results (structuredContent, images, links, errors) need sample results under "results" in a file.'
        : `Called ${asked.called.length} tool(s) marked read-only with no required argument, for their results: ${asked.called.join(', ')}.${asked.skipped.length === 0 ? '' : ` The other ${asked.skipped.length} were not called; their results are not checked.`}`,
    );
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
  if (values.auth !== undefined) {
    const merged = withAuthFlag(input, values.auth);
    if (!merged.ok) throw new UsageError(`${merged.message}; ${usage}`);
    input = merged.input;
  }
  const server = readServerInput(input);
  if (!server.ok) {
    for (const problem of server.problems) console.error(`${source}: ${problem.path}: ${problem.message}`);
    process.exitCode = 2;
    return;
  }
  const site = values.site === undefined ? publishedSite() : path.resolve(values.site);
  const published = await readPublished(site, { build: values.site === undefined });
  const serverName = values['server-name'] ?? defaultServerName(server.server);
  const reports = checkServer(server.server, checkDataOf(published['features.json'], published['clients.json']), { serverName });
  const data =
    published.source === undefined
      ? `${path.relative(process.cwd(), site) || site} (its site and day unknown)`
      : `${published.source.site}, generated ${published.source.generated}`;
  const described = describeServer(server.server, serverName);
  if (values.format === 'json') {
    console.error(`Checked ${described}. Data: ${data}.`);
    for (const note of notes) console.error(note);
    process.stdout.write(findingsJson(reports));
  } else process.stdout.write(formatFindings(reports, siteOrigin(), { server: described, data, notes }));
  process.exitCode = hasLoss(reports) ? 1 : 0;
};

// Exit 1 means a finding is lost: anything the command could not do (bad flags, data it cannot read) is 2.
main().catch((error: unknown) => {
  fail(error);
  process.exitCode = 2;
});
