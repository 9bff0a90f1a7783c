/**
 * `npm run probe -- run <client> [--version V] [--scenario S] [--transport stdio|http] [--face F]
 * [--persona P] [--keep] [--no-sandbox]`: runs a client's kit. Outside the sandbox, with the network,
 * it installs the client (and what the client would fetch at run time) into the lab cache and makes
 * a throwaway scratch folder; then it re-runs itself (`run-inside`) under bubblewrap, where the
 * stand-in model, the probe and the client run (src/probe/lab/inner.ts); then it checks every
 * capture the run wrote, moves the good ones into content/captures/ and prints each path, the main
 * one last.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { offeredVersions } from '../lib/evidence/capture-facts.ts';
import { formatProblem } from '../lib/content/problems.ts';
import { contentDir, repoRoot } from '../node/paths.ts';
import { firstMethod } from '../lib/evidence/event-facts.ts';
import { kits } from './kits/index.ts';
import { kitFace, timeLimitOf, type Kit } from './kits/kit.ts';
import { loadKit, scratchParts, type RunSpec } from './lab/inner.ts';
import { install, installHelper, labCache, latestVersion, packageDir, requireDebian, runtimeFolders } from './lab/install.ts';
import { requireBwrap, sandboxArgs } from './lab/sandbox.ts';
import { probeEntry } from './launch.ts';
import { parsePersona } from '../lib/lab/personas/index.ts';
import { clientIds, readCapture } from './read-capture.ts';
import { requireScenario } from '../lib/scenarios/index.ts';
import { runsOverHttpOnly } from '../lib/scenarios/scenario.ts';

/** What a run is asked to do. */
export interface RunRequest {
  client: string;
  /** A module exporting `kit`, where the kit is not in the registry. */
  kitFile?: string | undefined;
  /** The client version; the registry's latest where not given. */
  version?: string | undefined;
  transport: 'stdio' | 'http';
  face?: string | undefined;
  persona: string;
  scenario?: string | undefined;
  /** Where the checked captures go. */
  captures: string;
  keep?: boolean;
  /** False only where the user said `--no-sandbox`. */
  sandbox: boolean;
}

/** What one run did: the captures written (the main one last) and rejected, the client's output. */
export interface RunReport {
  written: string[];
  rejected: string[];
  output: string;
}

/** The folders a program is read from: its own, and the one its link leads to, where it is one. */
const programFolders = (command: string): string[] =>
  path.isAbsolute(command) && existsSync(command) ? [path.dirname(command), path.dirname(realpathSync(command))] : [];

/**
 * What a lab run reads besides the system, wherever it lives: the lab cache (the clients), the
 * project (the probe, its modules, the Node that npm brought) and a kit file's folder.
 */
export const labFolders = (kitFile?: string): string[] =>
  [labCache(), repoRoot, ...(kitFile === undefined ? [] : [path.dirname(kitFile)])].filter(existsSync);

/**
 * Runs a command inside the sandbox (or, where `sandbox` is false, as it is), writable only in
 * `scratch` and reading `readable` and the command's own folder wherever they lie (a private /tmp
 * would hide them); resolves with its exit code. Stopped after `seconds`.
 */
export const runSandboxed = (
  command: string,
  args: readonly string[],
  options: {
    scratch: string;
    readable?: readonly string[];
    cwd: string;
    sandbox: boolean;
    seconds: number;
    env: Record<string, string>;
  },
): Promise<number | null> =>
  new Promise((resolve, reject) => {
    const [program, argv] = options.sandbox
      ? [
          requireBwrap(),
          [
            ...sandboxArgs({
              writable: [options.scratch],
              readable: [...(options.readable ?? []), ...programFolders(command)],
              cwd: options.cwd,
            }),
            command,
            ...args,
          ],
        ]
      : [command, [...args]];
    const child = spawn(program, argv, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'inherit', 'inherit'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), options.seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
  });

/** Installs what the kit needs beforehand: the client, and the packages it would fetch at run time. */
const prepare = async (kit: Kit, version: string, signsIn: boolean) => {
  if (kit.debian !== undefined) requireDebian(kit.debian);
  const prefix = install(kit.package, version, { registry: kit.registry ?? 'npm', requires: kit.requires?.(version) ?? [] });
  const preinstalled = [];
  for (const item of kit.preinstall ?? []) {
    const itemPrefix = install(item.package, await latestVersion(item.package));
    preinstalled.push({ package: item.package, dir: packageDir(itemPrefix, item.package) });
  }
  // The helper only signs in (Continue's print mode speaks to the server itself): no other run needs it.
  const helperVersion = kit.helper === undefined || !signsIn ? undefined : await latestVersion(kit.helper);
  const helper =
    kit.helper === undefined || helperVersion === undefined
      ? undefined
      : { package: kit.helper, version: helperVersion, prefix: installHelper(kit.helper, helperVersion) };
  return { prefix, preinstalled, helper };
};

/** Runs a client's kit once and moves its checked captures into `request.captures`. */
export const runKit = async (request: RunRequest): Promise<RunReport> => {
  const kit = await loadKit(request.client, request.kitFile);
  if (kit === undefined) throw new Error(`run: no kit for ${request.client}`);
  if (kit.blocked !== undefined) throw new Error(`${kit.client} cannot be run: ${kit.blocked}`);
  // Its captures are checked against the client files after the run: say so before installing, not after.
  if (!clientIds(contentDir()).has(kit.client))
    throw new Error(
      `run: ${kit.client} has no client file in ${path.join(contentDir(), 'clients')}: add ${kit.client}.md first (CONTRIBUTING), or its captures will be refused`,
    );
  const scenario = request.scenario === undefined ? undefined : requireScenario(request.scenario);
  if (scenario !== undefined && runsOverHttpOnly(scenario) && request.transport !== 'http')
    throw new Error(`run: the scenario ${scenario.name} runs over HTTP only: add --transport http`);
  const version = request.version ?? (await latestVersion(kit.package, kit.registry));
  const signIn = scenario?.auth === undefined ? undefined : kit.signIn?.(version);
  if (scenario?.auth !== undefined && signIn === undefined)
    throw new Error(`run: ${kit.client} ${version} has no sign-in face the lab can drive (its kit's signIn)`);
  const face = kitFace(kit, request.transport, request.face ?? signIn?.session, request.scenario !== undefined);
  if (face === undefined)
    throw new Error(
      `run: ${kit.client} has no face ${request.face ?? ''} over ${request.transport}; its faces: ${kit.faces.map((item) => `${item.name} (${(item.transports ?? kit.transports).join(', ')})`).join(', ')}`,
    );
  if (request.scenario !== undefined && face.callsTools !== true && (!face.session || kit.model === undefined))
    throw new Error(
      `run: a scenario needs a session face with a model, or a face that makes the tool calls itself; ${kit.client}'s ${face.name} face is neither`,
    );
  parsePersona(request.persona);
  const { prefix, preinstalled, helper } = await prepare(kit, version, scenario?.auth !== undefined);
  const scratch = mkdtempSync(path.join(tmpdir(), `canimcp-lab-${kit.client}-`));
  const parts = scratchParts(scratch);
  mkdirSync(parts.work, { recursive: true });
  const spec: RunSpec = {
    client: kit.client,
    face: face.name,
    version,
    prefix,
    transport: request.transport,
    persona: request.persona,
    scenario: request.scenario,
    scratch,
    preinstalled,
    helper,
    kitFile: request.kitFile,
  };
  const specFile = path.join(scratch, 'run.json');
  writeFileSync(specFile, JSON.stringify(spec));
  if (!request.sandbox) console.error('probe: --no-sandbox: the client runs unconfined, with this machine’s network and files');
  const code = await runSandboxed(process.execPath, [probeEntry, 'run-inside', specFile], {
    scratch,
    // Any of them may lie under /tmp, which the sandbox replaces with its own; a library's
    // runtime (a venv's base Python, a JDK, Go's root) may lie outside them all.
    readable: [...labFolders(request.kitFile), ...runtimeFolders(kit.registry ?? 'npm', prefix).filter(existsSync)],
    cwd: parts.work,
    sandbox: request.sandbox,
    seconds: timeLimitOf(kit, face) + (signIn === undefined ? 0 : (signIn.face.timeLimit ?? 120)) + 120,
    env: { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: parts.home, LANG: 'C.UTF-8' },
  });
  if (code !== 0) console.error(`probe: the run inside the sandbox ended with ${code}`);

  const clients = clientIds(contentDir());
  const report: RunReport = { written: [], rejected: [], output: '' };
  if (existsSync(parts.output)) report.output = (await import('node:fs')).readFileSync(parts.output, 'utf8');
  mkdirSync(request.captures, { recursive: true });
  const finals = existsSync(parts.final) ? readdirSync(parts.final).filter((file) => file.endsWith('.jsonl')) : [];
  const checked = finals.sort().flatMap((name) => {
    const source = path.join(parts.final, name);
    const { capture, problems } = readCapture(source, clients);
    if (capture === undefined) {
      for (const problem of problems) console.error(formatProblem(problem));
      report.rejected.push(source);
      return [];
    }
    return [{ name, source, capture, model: capture.events.some((event) => (event.kind as string) === 'model') }];
  });
  // The capture the stand-in model's events went into is the run's main one: printed last.
  checked.sort((a, b) => Number(a.model) - Number(b.model));
  for (const { name, source, capture } of checked) {
    const target = path.join(request.captures, name);
    if (existsSync(target)) throw new Error(`${target} exists already: a capture is never written over`);
    copyFileSync(source, target);
    report.written.push(target);
    const offered = offeredVersions(capture);
    console.error(
      `probe: ${path.relative(process.cwd(), target)}: first ${firstMethod(capture)?.method ?? 'nothing'}, offered ${offered.join(' then ') || 'no version'}`,
    );
  }
  for (const target of report.written) console.log(path.relative(process.cwd(), target) || target);
  if (report.rejected.length === 0 && !request.keep) rmSync(scratch, { recursive: true, force: true });
  else console.error(`probe: the throwaway home, the captures and the client's output (client-output.txt) stay in ${scratch}`);
  if (report.written.length === 0) {
    console.error(`probe: ${kit.client} did not connect: no capture written. Its output, last lines:`);
    console.error(report.output.trim().split('\n').slice(-15).join('\n'));
  }
  return report;
};

/** The command line: `run <client> …`; exit 0 when a capture was written. */
export const runKitCommand = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      version: { type: 'string' },
      scenario: { type: 'string' },
      persona: { type: 'string', default: 'observe' },
      transport: { type: 'string', default: 'stdio' },
      face: { type: 'string' },
      // The name the faces had before kits, so older instructions still work.
      variant: { type: 'string' },
      keep: { type: 'boolean', default: false },
      'no-sandbox': { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const [client] = positionals;
  const transport = values.transport;
  if (transport !== 'stdio' && transport !== 'http')
    throw new Error(`--transport: expected stdio or http, got ${JSON.stringify(transport)}`);
  if (client === undefined) throw new Error(`run: expected a client, one of ${kits.map((kit) => kit.client).join(', ')}`);
  const report = await runKit({
    client,
    version: values.version,
    transport,
    face: values.face ?? values.variant,
    persona: values.persona,
    scenario: values.scenario,
    captures: path.join(contentDir(), 'captures'),
    keep: values.keep,
    sandbox: !values['no-sandbox'],
  });
  return report.written.length > 0 ? 0 : 1;
};

/** `run-inside <run.json>`: the inner part, as the sandbox starts it. */
export const runInsideCommand = async (argv: readonly string[]): Promise<number> => {
  const [file] = argv;
  if (file === undefined) throw new Error('run-inside: expected the run file the outer part wrote');
  const { readFileSync } = await import('node:fs');
  const spec = JSON.parse(readFileSync(file, 'utf8')) as RunSpec;
  const { runInside } = await import('./lab/inner.ts');
  const { standInModel } = await import('./lab/stand-in.ts');
  await runInside(spec, await standInModel());
  return 0;
};
