/**
 * `npm run probe -- campaign [<client>…] [--dry-run] [--newest N] [--out DIR] [--base REV] …`: for
 * each client with a kit, reads its releases from its registry (writing content/releases/<client>.json),
 * finds those newer than its newest captured version, installs each into the lab cache, runs the
 * handshake and every scenario its kit can play in the sandbox (`run`), writes the captures, judges
 * them against the published verdicts (`draft`), and ends with the pull request body. A state file
 * after every run lets an interrupted campaign resume; an install is removed once its runs are done.
 */
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  campaignReport,
  capturedCells,
  emptyState,
  newerReleases,
  newestCaptured,
  parseState,
  proposedChanges,
  pullRequestBody,
  releaseRuns,
  runKey,
  type CampaignState,
  type CapturedCell,
  type ClientSummary,
  type PublishedVerdict,
} from '../lib/lab/campaign.ts';
import { formatDiff } from '../lib/matrix/verdict-diff.ts';
import { scenarios } from '../lib/scenarios/index.ts';
import { runsOverHttpOnly } from '../lib/scenarios/scenario.ts';
import { contentDir } from '../node/paths.ts';
import { releasesDir } from '../node/release-files.ts';
import { verdictDiff } from '../node/verdict-history.ts';
import { releaseRegistries, type ReleaseRegistry } from '../schema/releases.ts';
import { draftFile, featureVerdictsOf, verdictsOf } from './draft-command.ts';
import { kits } from './kits/index.ts';
import type { Kit } from './kits/kit.ts';
import { loadKit } from './lab/inner.ts';
import { InstallError, labCache, prefixOf } from './lab/install.ts';
import { clientIds, readCapture } from './read-capture.ts';
import { readers, releaseList } from './releases-command.ts';
import { runKit } from './run-command.ts';

/** The first line of a file (a capture's header), read without reading the rest. */
const firstLine = (file: string): string => {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const length = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, length).toString('utf8').split('\n')[0] ?? '';
  } finally {
    closeSync(fd);
  }
};

/** Each client's captured versions, from the header of every capture file. */
const capturedVersions = (dir: string): Map<string, string[]> => {
  const folder = path.join(dir, 'captures');
  const versions = new Map<string, string[]>();
  if (!existsSync(folder)) return versions;
  for (const name of readdirSync(folder).filter((file) => file.endsWith('.jsonl'))) {
    try {
      const header = JSON.parse(firstLine(path.join(folder, name))) as { client?: unknown; version?: unknown };
      if (typeof header.client === 'string' && typeof header.version === 'string')
        versions.set(header.client, [...(versions.get(header.client) ?? []), header.version]);
    } catch {
      // A capture whose header is not JSON is `check`'s to report, not the campaign's.
    }
  }
  return versions;
};

/** The registry a kit installs from (npm where it names none). */
const registryOf = (kit: Kit): ReleaseRegistry => {
  const named = (kit as { registry?: unknown }).registry;
  return typeof named === 'string' && (releaseRegistries as readonly string[]).includes(named)
    ? (named as ReleaseRegistry)
    : 'npm';
};

/**
 * The scenarios a kit can play: every one where it has a session face and speaks a model API, none
 * otherwise; one that runs over HTTP only where the kit connects to a URL.
 */
const scenariosOf = (kit: Kit): string[] =>
  kit.model !== undefined && kit.faces.some((face) => face.session)
    ? scenarios
        .filter((scenario) => !runsOverHttpOnly(scenario) || kit.transports.includes('http'))
        .map((scenario) => scenario.name)
    : [];

/** The transport a run of the campaign uses: HTTP for a scenario that runs over HTTP only, else the kit's first. */
const transportOf = (kit: Kit, scenario: string | undefined): Kit['transports'][number] => {
  const played = scenarios.find((item) => item.name === scenario);
  return played !== undefined && runsOverHttpOnly(played) ? 'http' : (kit.transports[0] ?? 'stdio');
};

/** A client's published verdicts, as `draft` reads them from its file. */
const publishedOf = (dir: string, client: string): PublishedVerdict[] => [
  ...verdictsOf(dir, client).map((item) => ({
    axis: 'revision' as const,
    column: item.revision,
    state: item.state,
    version: item.version,
  })),
  ...featureVerdictsOf(dir, client).map((item) => ({
    axis: 'feature' as const,
    column: item.feature,
    state: item.state,
    version: item.version,
  })),
];

/** Runs `campaign`; exit 0 where every run it made wrote a capture (a client it could not run is reported, not an error). */
export const runCampaign = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      'dry-run': { type: 'boolean', default: false },
      newest: { type: 'string' },
      out: { type: 'string' },
      base: { type: 'string' },
      'kit-file': { type: 'string' },
      'registry-url': { type: 'string' },
      'keep-installs': { type: 'boolean', default: false },
      'no-sandbox': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const newest = values.newest === undefined ? undefined : Number(values.newest);
  if (newest !== undefined && (!Number.isInteger(newest) || newest < 1))
    throw new Error(`--newest: expected a whole number of releases, 1 or more, got ${JSON.stringify(values.newest)}`);
  const kitFile = values['kit-file'] === undefined ? undefined : path.resolve(values['kit-file']);
  if (kitFile !== undefined && positionals.length !== 1) throw new Error('--kit-file: name the one client it is the kit of');
  const dir = contentDir();
  const known = clientIds(dir);
  for (const client of positionals) if (!known.has(client)) throw new Error(`unknown client ${JSON.stringify(client)}`);
  const asked = positionals.length > 0 ? positionals : kits.map((kit) => kit.client).filter((client) => known.has(client));
  const out = path.resolve(values.out ?? path.join(labCache(), 'campaign'));
  const stateFile = path.join(out, 'state.json');
  mkdirSync(out, { recursive: true });
  const state: CampaignState = existsSync(stateFile)
    ? parseState(readFileSync(stateFile, 'utf8'), stateFile)
    : emptyState(new Date().toISOString());
  const save = () => writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
  const captured = capturedVersions(dir);
  const summaries: ClientSummary[] = [];
  const written: string[] = [];

  for (const client of asked) {
    const kit = await loadKit(client, kitFile);
    const before = newestCaptured(captured.get(client) ?? []);
    const summary: ClientSummary = { client, versions: [], ...(before === undefined ? {} : { newestCaptured: before }) };
    summaries.push(summary);
    const skip = (reason: string) => {
      summary.skipped = reason;
      state.skipped[client] = reason;
      console.error(`campaign: ${client}: not run: ${reason}`);
    };
    if (kit === undefined) {
      skip('no kit runs it');
      continue;
    }
    if (kit.blocked !== undefined) {
      skip(kit.blocked);
      continue;
    }
    const registry = registryOf(kit);
    const read = await readers[registry](kit.package, {
      npm: { npm: 'npm', timeoutMs: 120_000 },
      ...(values['registry-url'] === undefined ? {} : { base: values['registry-url'] }),
    });
    if ('unreachable' in read) {
      skip(`its registry did not answer: ${read.unreachable}`);
      continue;
    }
    const versions = newerReleases(Object.keys(read.versions), before, newest);
    summary.versions = versions;
    const runs = versions.flatMap((version) => releaseRuns(client, version, scenariosOf(kit)));
    if (values['dry-run']) {
      console.log(
        `${client}: newest captured ${before ?? 'none'}; ${versions.length === 0 ? 'no newer release' : `would run ${versions.join(', ')}`}${runs.length === 0 ? '' : ` (${runs.length} ${runs.length === 1 ? 'run' : 'runs'}: the handshake${scenariosOf(kit).length === 0 ? '' : ` and ${scenariosOf(kit).join(', ')}`})`}`,
      );
      continue;
    }
    // The release list goes into content, so pages date the versions without going online.
    mkdirSync(releasesDir(dir), { recursive: true });
    writeFileSync(
      path.join(releasesDir(dir), `${client}.json`),
      `${JSON.stringify(releaseList(client, registry, kit.package, read.versions, new Date()), null, 2)}\n`,
    );
    const started = Date.now();
    for (const version of versions) {
      // Where the release will not install, its other runs would only try again: they are not run.
      let installFailed: string | undefined;
      for (const run of releaseRuns(client, version, scenariosOf(kit))) {
        const key = runKey(run);
        if (state.runs[key] !== undefined) {
          written.push(...state.runs[key].captures);
          continue;
        }
        if (installFailed !== undefined) {
          state.runs[key] = { status: 'failed', captures: [], seconds: 0, reason: `not run: ${installFailed}` };
          save();
          continue;
        }
        const runStarted = Date.now();
        try {
          const report = await runKit({
            client,
            kitFile,
            version,
            transport: transportOf(kit, run.scenario),
            persona: 'observe',
            scenario: run.scenario,
            captures: path.join(dir, 'captures'),
            sandbox: !values['no-sandbox'],
          });
          const seconds = (Date.now() - runStarted) / 1000;
          written.push(...report.written);
          state.runs[key] =
            report.written.length > 0
              ? { status: 'done', captures: report.written, seconds }
              : {
                  status: 'failed',
                  captures: [],
                  seconds,
                  reason: `no capture written; the client's last line: ${report.output.trim().split('\n').at(-1) ?? ''}`,
                };
        } catch (error) {
          if (error instanceof InstallError) installFailed = error.message;
          state.runs[key] = {
            status: 'failed',
            captures: [],
            seconds: (Date.now() - runStarted) / 1000,
            reason: error instanceof Error ? error.message : String(error),
          };
        }
        save();
      }
      // The install is done with once its release's runs are: the disk holds one release at a time.
      if (!values['keep-installs'] && registry === 'npm')
        rmSync(prefixOf(kit.package, version), { recursive: true, force: true });
    }
    state.seconds[client] = (state.seconds[client] ?? 0) + (Date.now() - started) / 1000;
    save();
  }
  if (values['dry-run']) return 0;

  // Judge every capture written against the published verdicts, and keep each draft for the reviewer.
  const drafts = path.join(out, 'drafts');
  mkdirSync(drafts, { recursive: true });
  const cells: CapturedCell[] = [];
  for (const file of [...new Set(written)]) {
    const { capture } = readCapture(file, known);
    if (capture === undefined) continue;
    cells.push(...capturedCells(capture));
    const drafted = draftFile(file);
    if (drafted !== undefined)
      writeFileSync(path.join(drafts, `${capture.id}.md`), `${drafted.out.join('\n')}\n${drafted.draft.note}`);
  }
  const changes = [...new Set(cells.map((cell) => cell.client))].flatMap((client) =>
    proposedChanges(
      cells.filter((cell) => cell.client === client),
      publishedOf(dir, client),
    ),
  );
  const report = campaignReport(state, summaries);
  writeFileSync(path.join(out, 'report.md'), report);
  const diff =
    values.base === undefined
      ? undefined
      : formatDiff(await verdictDiff(dir, values.base, 'HEAD'), { base: values.base, head: 'HEAD' }, 'markdown');
  const body = pullRequestBody(report, changes, diff);
  writeFileSync(path.join(out, 'pull-request.md'), body);
  console.error(`campaign: the report, the drafts and the pull request body are in ${out}`);
  process.stdout.write(body);
  return Object.values(state.runs).some((outcome) => outcome.status === 'failed') ? 1 : 0;
};
