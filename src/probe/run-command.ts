/**
 * `npm run probe -- run <client> [--version V] [--persona P]`: runs a client's recipe. Installs the
 * client at that version into a cache outside the project (`~/.cache/canimcp-lab/<package>@<version>`,
 * never a project dependency), writes its MCP configuration into a throwaway HOME, runs the command
 * that makes it connect in its own process group, stops the group at the time limit, checks every
 * capture the probe wrote and moves the good ones into content/captures/.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { offeredVersions } from '../lib/content/capture-facts.ts';
import { formatProblem } from '../lib/content/problems.ts';
import { contentDir } from '../node/paths.ts';
import { startHttp } from './capture-run.ts';
import type { ServeOptions } from './flags.ts';
import { defaultLimits } from './limits.ts';
import { launchConfig } from './launch.ts';
import { parsePersona } from './personas.ts';
import { clientIds, readCapture } from './read-capture.ts';
import { firstMethod } from './facts.ts';
import { recipeFor, recipes, type Recipe } from './recipes.ts';

/** The cache the clients are installed into, outside the project and its dependencies. */
export const labCache = (): string => process.env['CANIMCP_LAB_CACHE'] ?? path.join(homedir(), '.cache', 'canimcp-lab');

const npm = (args: string[]) => spawnSync('npm', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The version `npm view` names as the package's latest. */
const latestVersion = (pkg: string): string => {
  const result = npm(['view', pkg, 'version']);
  const version = result.stdout.trim();
  if (result.status !== 0 || version === '') throw new Error(`npm view ${pkg} version failed: ${result.stderr.trim()}`);
  return version;
};

/** The installed client's folder, installing it first where the cache does not have it. */
const install = (pkg: string, version: string): string => {
  const prefix = path.join(labCache(), `${pkg}@${version}`);
  const manifest = path.join(prefix, 'node_modules', pkg, 'package.json');
  const installed = () =>
    existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { version?: string }).version === version;
  if (installed()) return prefix;
  console.error(`probe: installing ${pkg}@${version} into ${prefix}`);
  mkdirSync(prefix, { recursive: true });
  const result = npm(['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', `${pkg}@${version}`]);
  if (result.status !== 0 || !installed())
    throw new Error(`npm install ${pkg}@${version} failed: ${result.stderr.trim().split('\n').slice(-3).join(' ')}`);
  return prefix;
};

/** The environment a client runs with: a PATH that finds the project's Node, the throwaway HOME, nothing else of ours. */
const clientEnv = (home: string, extra: Record<string, string>): Record<string, string> => ({
  // The project's Node first: a client's `#!/usr/bin/env node` must not find the system's older one.
  PATH: [path.dirname(process.execPath), process.env['PATH'] ?? '/usr/bin:/bin'].join(path.delimiter),
  HOME: home,
  TERM: 'dumb',
  LANG: 'C.UTF-8',
  NO_COLOR: '1',
  ...extra,
});

/** Runs a command in its own process group; the whole group is stopped at the time limit. */
const runGroup = (command: string, args: string[], options: { cwd: string; env: Record<string, string>; seconds: number }) =>
  new Promise<{ code: number | null; timedOut: boolean; output: string }>((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    let timedOut = false;
    const keep = (chunk: Buffer) => {
      if (output.length < 200_000) output += chunk.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      setTimeout(() => kill('SIGKILL'), 3000).unref();
    }, options.seconds * 1000);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut, output: `${output}${error.message}\n` });
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      // A probe or helper the client left running in the group goes with it.
      setTimeout(() => kill('SIGKILL'), 1500).unref();
      resolve({ code, timedOut, output });
    });
  });

/** What one run did. */
export interface RunReport {
  written: string[];
  rejected: string[];
}

/** Runs `recipe` at `version` as `persona`; the checked captures go to `captures`. */
export const runRecipe = async (
  recipe: Recipe,
  version: string,
  persona: string,
  captures: string,
  keep = false,
): Promise<RunReport> => {
  if (recipe.blocked !== undefined) throw new Error(`${recipe.client} cannot be run: ${recipe.blocked}`);
  const prefix = install(recipe.package, version);
  const bin = recipe.program?.(prefix) ?? path.join(prefix, 'node_modules', '.bin', recipe.bin);
  const scratch = mkdtempSync(path.join(tmpdir(), `canimcp-lab-${recipe.client}-`));
  const home = path.join(scratch, 'home');
  const work = path.join(scratch, 'work');
  const out = path.join(scratch, 'captures');
  for (const dir of [home, work, out]) mkdirSync(dir, { recursive: true });
  const serve: ServeOptions = {
    persona: parsePersona(persona),
    out,
    label: { client: recipe.client, version, package: recipe.package, command: recipe.command, path: recipe.path },
    limits: { ...defaultLimits, maxRunMs: (recipe.timeLimit + 10) * 1000 },
    port: 0,
    replyAs: 'json',
  };
  const launch = launchConfig(serve);
  // An HTTP recipe's probe runs in this process for the whole run, configuration included.
  const served = recipe.transport === 'http' ? (await startHttp(serve)).run : undefined;
  const context = { home, work, launch, url: served?.url ?? '', name: 'canimcp-probe', prefix, version };
  const { files, commands } = recipe.configure(context);
  for (const file of files) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    writeFileSync(file.path, file.text);
  }
  const env = clientEnv(home, {});
  for (const args of commands) {
    const result = await runGroup(bin, args, { cwd: work, env, seconds: 60 });
    if (result.code !== 0)
      throw new Error(
        `${recipe.bin} ${args.slice(0, 3).join(' ')} … failed (${result.code}): ${result.output.trim().slice(-500)}`,
      );
  }
  const { args, env: extra } = recipe.connect(context);
  console.error(
    `probe: running ${recipe.command} (${recipe.package}@${version}, persona ${persona}, up to ${recipe.timeLimit} s)`,
  );
  const result = await runGroup(bin, args, { cwd: work, env: clientEnv(home, extra), seconds: recipe.timeLimit });
  console.error(`probe: ${recipe.bin} ${result.timedOut ? 'stopped at the time limit' : `exited with ${result.code}`}`);
  writeFileSync(path.join(scratch, 'client-output.txt'), result.output);
  if (served !== undefined) {
    served.stop(`the client's command ended (${result.timedOut ? 'stopped at the time limit' : `exit ${result.code}`})`);
    await served.done;
  }

  const clients = clientIds(contentDir());
  const report: RunReport = { written: [], rejected: [] };
  mkdirSync(captures, { recursive: true });
  for (const name of readdirSync(out)
    .filter((file) => file.endsWith('.jsonl'))
    .sort()) {
    const source = path.join(out, name);
    const { capture, problems } = readCapture(source, clients);
    if (capture === undefined) {
      for (const problem of problems) console.error(formatProblem(problem));
      report.rejected.push(source);
      continue;
    }
    const target = path.join(captures, name);
    if (existsSync(target)) throw new Error(`${target} exists already: a capture is never written over`);
    copyFileSync(source, target);
    report.written.push(target);
    const offered = offeredVersions(capture);
    console.log(
      `${path.relative(process.cwd(), target)}: first ${firstMethod(capture)?.method ?? 'nothing'}, offered ${offered.join(' then ') || 'no version'}`,
    );
  }
  if (report.rejected.length === 0 && !keep) rmSync(scratch, { recursive: true, force: true });
  else console.error(`probe: the throwaway home, the captures and the client's output (client-output.txt) stay in ${scratch}`);
  if (report.written.length === 0) {
    console.error(`probe: ${recipe.client} did not connect: no capture written. Its output, last lines:`);
    console.error(result.output.trim().split('\n').slice(-15).join('\n'));
  }
  return report;
};

/** The command line: `run <client> [--version V] [--persona P]`; exit 0 when a capture was written. */
export const runRecipeCommand = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      version: { type: 'string' },
      persona: { type: 'string', default: 'observe' },
      transport: { type: 'string', default: 'stdio' },
      variant: { type: 'string' },
      keep: { type: 'boolean', default: false },
    },
    allowPositionals: true,
  });
  const [client] = positionals;
  const transport = values.transport;
  if (transport !== 'stdio' && transport !== 'http')
    throw new Error(`--transport: expected stdio or http, got ${JSON.stringify(transport)}`);
  const recipe = client === undefined ? undefined : recipeFor(client, transport, values.variant);
  if (recipe === undefined) {
    const rows = recipes.map(
      (item) => `${item.client} (${item.transport}${item.variant === undefined ? '' : `, --variant ${item.variant}`})`,
    );
    throw new Error(`run: expected a client and transport with a recipe, one of ${rows.join(', ')}`);
  }
  parsePersona(values.persona);
  const version = values.version ?? latestVersion(recipe.package);
  const report = await runRecipe(recipe, version, values.persona, path.join(contentDir(), 'captures'), values.keep);
  return report.written.length > 0 ? 0 : 1;
};
