/**
 * The runner's inner part, the one bwrap starts: inside the sandbox it starts the stand-in model
 * and (for HTTP) the probe, writes the kit's configuration into the throwaway HOME, runs the
 * client's face in its own process group until it exits or reaches its time limit, then merges the
 * probe's capture and the model's events into one file per capture (src/lib/evidence/merge.ts).
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mergeCapture, modelOwner, parseCaptureText, type ModelRecord } from '../../lib/evidence/merge.ts';
import { LAB_SERVER_NAME } from '../../lib/lab/version.ts';
import type { CaptureTransport } from '../../schema/capture.ts';
import { openCapture, startHttp } from '../capture-run.ts';
import { serveHttp, type HttpRun } from '../http-side.ts';
import { newPreregistered, startAuthSide, type AuthSide, type Preregistered } from '../auth-side.ts';
import { AUTH_PATHS } from '../../lib/lab/auth/metadata.ts';
import { printedAuthorizationUrls } from '../../lib/lab/auth/printed-url.ts';
import { startBrowser, writeBrowserShims, type LabBrowser } from './browser.ts';
import { runKeyScript } from './key-script.ts';
import { Terminal } from './terminal.ts';
import type { CaptureRecorder } from '../recorder.ts';
import type { ServeOptions } from '../flags.ts';
import { kitFor } from '../kits/index.ts';
import {
  captureFaceOf,
  packageLabel,
  commandLine,
  displayContext,
  environmentOf,
  kitFace,
  NO_SERVICE,
  programOf,
  setupOf,
  signInCommandLine,
  timeLimitOf,
  type Face,
  type Kit,
  type KitContext,
  type SignIn,
} from '../kits/kit.ts';
import { launchConfig } from '../launch.ts';
import { defaultLimits } from '../../lib/lab/limits.ts';
import { apiOfTarget } from '../../lib/lab/model-apis/index.ts';
import { parsePersona } from '../../lib/lab/personas/index.ts';
import { planFor } from '../../lib/lab/plan.ts';
import { SETUP_REFUSED } from '../../lib/scenarios/transport.ts';
import { runGroup, type GroupEnd } from './process-group.ts';
import type { StartModel } from './stand-in.ts';

/** Everything the inner part is told, as the outer part writes it to `<scratch>/run.json`. */
export interface RunSpec {
  client: string;
  face: string;
  version: string;
  /** The client's install prefix in the lab cache. */
  prefix: string;
  transport: CaptureTransport;
  persona: string;
  scenario?: string | undefined;
  /** The scratch folder: home/, work/, probe/ (the probe's captures), final/ (the merged ones). */
  scratch: string;
  /** Packages installed beforehand: each package's folder in the lab cache. */
  preinstalled: { package: string; dir: string }[];
  /** The helper the client fetches through npx at run time, installed beforehand in a global prefix of the lab cache. */
  helper?: { package: string; version: string; prefix: string } | undefined;
  /** A module exporting `kit`, for a kit that is not in the registry (a test's, one being written). */
  kitFile?: string | undefined;
}

/** The kit a run names: from its kit file where it has one, else from the registry. */
export const loadKit = async (client: string, kitFile: string | undefined): Promise<Kit | undefined> => {
  if (kitFile === undefined) return kitFor(client);
  const loaded = (await import(kitFile)) as { kit?: Kit };
  return loaded.kit;
};

/** The scratch folder's parts. */
export const scratchParts = (scratch: string) => ({
  scratch,
  home: path.join(scratch, 'home'),
  work: path.join(scratch, 'work'),
  probe: path.join(scratch, 'probe'),
  final: path.join(scratch, 'final'),
  modelLog: path.join(scratch, 'model-events.jsonl'),
  output: path.join(scratch, 'client-output.txt'),
});

/** The environment a client runs with: a PATH that finds the project's Node, the throwaway HOME, the kit's. */
/** The project's Node first: a client's `#!/usr/bin/env node` must not find the system's older one. */
const clientPath = [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter);

const clientEnv = (home: string, extra: Record<string, string>): Record<string, string> => ({
  PATH: clientPath,
  HOME: home,
  TERM: 'dumb',
  LANG: 'C.UTF-8',
  NO_COLOR: '1',
  ...extra,
});

/** Links each package installed beforehand where the kit says the client loads it from. */
const linkPreinstalled = (kit: Kit, context: KitContext, preinstalled: RunSpec['preinstalled']) => {
  for (const item of kit.preinstall ?? []) {
    const found = preinstalled.find((entry) => entry.package === item.package);
    if (found === undefined) continue;
    const link = path.join(item.under(context), 'node_modules', item.package);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(found.dir, link);
  }
};

/** What the runner needs of a run's HTTP probe and authorization side, whichever it started. */
interface Served {
  run: HttpRun;
  recorder: CaptureRecorder;
  auth?: { side: AuthSide; browser: LabBrowser; bin: string; browserPath: string } | undefined;
}

/**
 * Starts the HTTP probe, and for a scenario that protects it, the authorization server, the lab's
 * browser and its shims, all writing into one capture.
 */
const serveHttpRun = async (
  serve: ServeOptions,
  parts: ReturnType<typeof scratchParts>,
  preregistered: { client: Preregistered; given: boolean } | undefined,
): Promise<Served> => {
  const variant = serve.scenario.auth;
  if (variant === undefined) return startHttp(serve);
  const recorder = openCapture(serve, 'http');
  const side = await startAuthSide({ variant, recorder, limits: serve.limits, preregistered: preregistered?.client });
  if (preregistered !== undefined)
    // The judge of a pre-registered client reads this: a client the lab could not give one shows nothing about it.
    recorder.lifecycle(
      'start',
      `a client registered beforehand (${preregistered.client.clientId}) was ${preregistered.given ? 'given to the client by its configuration' : 'not given to the client: its kit knows no setting for one'}`,
    );
  const browser = await startBrowser(recorder, side.issuer);
  const bin = path.join(parts.scratch, 'lab-bin');
  const browserPath = writeBrowserShims(bin, browser.controlUrl);
  const run = await serveHttp({
    persona: serve.persona,
    recorder,
    limits: serve.limits,
    port: serve.port,
    replyAs: serve.replyAs,
    scenario: serve.scenario,
    signIn: side.signIn,
  });
  return { run, recorder, auth: { side, browser, bin, browserPath } };
};

/** The command a run's capture names: the face's, or for a sign-in, its interactive face's with the session after it. */
const runCommandLine = (kit: Kit, face: Face, signIn: SignIn | undefined, session: Face | undefined, context: KitContext) =>
  signIn === undefined ? commandLine(kit, face, context) : signInCommandLine(kit, signIn, session, context);

/** Runs one client inside the sandbox; the merged captures land in `<scratch>/final`. Returns the client's end. */
export const runInside = async (
  spec: RunSpec,
  startModel: StartModel | undefined,
): Promise<{ code: number | null; timedOut: boolean }> => {
  const kit = await loadKit(spec.client, spec.kitFile);
  const face = kit === undefined ? undefined : kitFace(kit, spec.transport, spec.face);
  if (kit === undefined || face === undefined) throw new Error(`no kit face ${spec.client} ${spec.face} over ${spec.transport}`);
  const parts = scratchParts(spec.scratch);
  for (const dir of [parts.home, parts.work, parts.probe, parts.final]) mkdirSync(dir, { recursive: true });
  const epoch = Date.now();
  const plan = planFor(spec.scenario);
  const variant = plan.scenario.auth;
  const signIn = variant === undefined ? undefined : kit.signIn?.(spec.version);
  if (variant !== undefined && signIn === undefined)
    throw new Error(`${kit.client} ${spec.version} has no sign-in face the lab can drive`);
  // With a sign-in the face is the session run after it, where there is one.
  const session = signIn === undefined || signIn.session !== undefined ? face : undefined;
  const prompt = plan.prompt ?? face.prompt ?? 'say hi please';
  const reads = (plan.reads ?? []).length > 0;
  const records: ModelRecord[] = [];
  const record = (event: ModelRecord) => {
    records.push(event);
    // Written as it happens, so a run that is killed keeps what the model saw.
    appendFileSync(parts.modelLog, `${JSON.stringify(event)}\n`);
  };
  const model = kit.model !== undefined && startModel !== undefined ? await startModel(plan, record) : undefined;
  const seconds = timeLimitOf(kit, face);
  const loginSeconds = signIn?.face.timeLimit ?? 120;
  const preregistered = variant?.preregistered === true ? newPreregistered(signIn?.preregistered !== 'public') : undefined;
  // A face that calls the tools itself is given the calls the model would make.
  const calls = face.callsTools === true ? plan.calls.map(({ tool, arguments: args }) => ({ tool, arguments: args })) : undefined;
  const display = { ...displayContext(spec.transport, prompt, spec.version, reads), preregistered, calls };
  const serve: ServeOptions = {
    persona: parsePersona(spec.persona),
    out: parts.probe,
    label: {
      client: kit.client,
      version: spec.version,
      package: packageLabel(kit, spec.version),
      command: runCommandLine(kit, face, signIn, session, display),
      path: face.path ?? kit.path ?? 'cli',
      face: signIn === undefined ? captureFaceOf(kit, face) : 'interactive',
      setting: face.setting,
    },
    // The probe outlives the client's limit, so the runner, not the probe, stops the run.
    limits: { ...defaultLimits, maxRunMs: (seconds + (signIn === undefined ? 0 : loginSeconds) + 10) * 1000 },
    port: 0,
    replyAs: 'mixed',
    epoch,
    scenario: plan.scenario,
  };
  // What the run started it releases however it ends: a set-up that fails must not leave the
  // stand-in model and the HTTP probe listening until the probe's own time limit.
  let served: Served | undefined;
  let result: GroupEnd | undefined;
  let refused: GroupEnd | undefined;
  let elapsedMs = 0;
  try {
    served =
      spec.transport === 'http'
        ? await serveHttpRun(
            serve,
            parts,
            preregistered === undefined ? undefined : { client: preregistered, given: signIn?.preregistered !== undefined },
          )
        : undefined;
    const context: KitContext = {
      home: parts.home,
      work: parts.work,
      server:
        served === undefined ? { transport: 'stdio', launch: launchConfig(serve) } : { transport: 'http', url: served.run.url },
      name: LAB_SERVER_NAME,
      modelUrl: model?.url ?? NO_SERVICE,
      prompt,
      prefix: spec.prefix,
      version: spec.version,
      ...(reads ? { readsResources: true } : {}),
      // Given to the client only where its kit has a setting for it; else the client must do without.
      preregistered: signIn?.preregistered === undefined ? undefined : preregistered,
      calls,
    };
    const { files, links, commands } = setupOf(kit, face, context);
    const serverCommands = new Set((kit.server(context).commands ?? []).map((args) => JSON.stringify(args)));
    for (const file of files) {
      mkdirSync(path.dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.text);
    }
    for (const file of links) {
      mkdirSync(path.dirname(file.path), { recursive: true });
      symlinkSync(file.link, file.path);
    }
    linkPreinstalled(kit, context, spec.preinstalled);
    const bin = programOf(kit, spec.prefix);
    const auth = served?.auth;
    const { helper } = spec;
    if (helper !== undefined)
      served?.recorder.lifecycle(
        'start',
        `helper ${helper.package} ${helper.version}: installed beforehand in the lab cache, where the client's npx finds it offline`,
      );
    // The helper through npx, offline: its global prefix (npm finds a package there), its bin on PATH.
    const paths = [
      ...(auth === undefined ? [] : [auth.bin]),
      ...(helper === undefined ? [] : [path.join(helper.prefix, 'bin')]),
      clientPath,
    ];
    const env = clientEnv(parts.home, {
      ...environmentOf(kit, face, context),
      PATH: paths.join(path.delimiter),
      ...(helper === undefined ? {} : { NPM_CONFIG_PREFIX: helper.prefix, npm_config_offline: 'true' }),
      ...(auth !== undefined && variant?.browserEnv === true ? { BROWSER: auth.browserPath } : {}),
    });
    for (const args of commands) {
      const step = await runGroup(bin, args, { cwd: parts.work, env, seconds: 60 });
      if (step.code === 0) continue;
      const failed = `${kit.bin} ${args.slice(0, 3).join(' ')} … failed (${step.code}): ${step.output.trim().slice(-500)}`;
      if (served === undefined || !serverCommands.has(JSON.stringify(args))) throw new Error(failed);
      // Over HTTP the probe is already listening, and a client's own command refusing the server's
      // set-up (an old version that knows no HTTP transport) is what the run shows: the capture keeps
      // it. A face's own set-up failing (a login) stays the lab's failure.
      served.recorder.lifecycle('error', `${SETUP_REFUSED} ${failed}`);
      refused = step;
      break;
    }
    const onOutput = (text: string) => {
      if (auth === undefined) return;
      for (const url of printedAuthorizationUrls(text, `${auth.side.issuer}${AUTH_PATHS.authorize}`)) auth.browser.printed(url);
    };
    let screen = '';
    if (refused === undefined && signIn !== undefined && auth !== undefined) {
      console.error(
        `probe: signing in: ${kit.bin} ${signIn.face.args(context).join(' ')} in a terminal (up to ${loginSeconds} s)`,
      );
      const terminal = Terminal.start({
        command: bin,
        args: signIn.face.args(context),
        cwd: parts.work,
        env: { ...env, ...signIn.face.env?.(context) },
        folder: parts.scratch,
      });
      try {
        const lab = { signIns: auth.side.signIns, answeredCalls: served?.run.answeredCalls ?? (() => 0) };
        const end = await runKeyScript(terminal, signIn.face.steps(context), lab, Date.now() + loginSeconds * 1000, (text) => {
          screen = text;
          onOutput(text);
        });
        screen = terminal.screen() || screen;
        console.error(`probe: the interactive face ${end.done ? 'ran its whole script' : `stopped: ${end.why}`}`);
        if (!end.done) served?.recorder.lifecycle('error', `the lab's key script stopped: ${end.why}`);
      } finally {
        terminal.stop();
      }
      elapsedMs = Date.now() - epoch;
    }
    if (refused !== undefined) result = refused;
    else if (session !== undefined) {
      console.error(`probe: running ${commandLine(kit, session, display)} (${kit.package}@${spec.version}, up to ${seconds} s)`);
      result = await runGroup(bin, session.args(context), { cwd: parts.work, env, seconds, onOutput });
      for (const args of session.after?.(context) ?? []) {
        const step = await runGroup(bin, args, { cwd: parts.work, env, seconds: 60 });
        result = { ...result, output: `${result.output}${step.output}` };
      }
      elapsedMs = Date.now() - epoch;
      console.error(
        `probe: ${kit.bin} ${result.timedOut ? `stopped at its time limit of ${seconds} s` : `exited with ${result.code}`}`,
      );
    } else result = { code: 0, timedOut: false, output: '' };
    writeFileSync(parts.output, `${screen === '' ? '' : `${screen}\n--- the session ---\n`}${result.output}`);
  } finally {
    if (served !== undefined) {
      served.run.stop(
        result === undefined
          ? "the run failed before the client's command ended"
          : refused !== undefined
            ? `the client's set-up command ended (exit ${refused.code}); its session was not started`
            : `the client's command ended (${result.timedOut ? 'stopped at the time limit' : `exit ${result.code}`})`,
      );
      await served.run.done;
      await served.auth?.browser.close();
      await served.auth?.side.close();
    }
    await model?.close();
  }

  const captures = readdirSync(parts.probe)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .flatMap((name) => {
      const parsed = parseCaptureText(readFileSync(path.join(parts.probe, name), 'utf8'));
      return parsed === undefined ? [] : [{ name, parsed }];
    });
  const spans = captures.map(({ parsed }) => ({
    first: Number(parsed.events[0]?.['t'] ?? 0),
    last: Number(parsed.events.at(-1)?.['t'] ?? 0),
  }));
  const owner = modelOwner(
    spans,
    records.map((item) => item.at - epoch),
  );
  captures.forEach(({ name, parsed }, index) => {
    const text = mergeCapture(parsed, index === owner ? records : [], {
      // The API the client was seen using, where the stand-in answered it; the kit's else.
      modelApi:
        records
          .flatMap((item) => (item.from === 'client' && item.target !== undefined ? [apiOfTarget(item.target)] : []))
          .find(Boolean) ?? kit.model?.api,
      epoch,
      end: { elapsedMs, timedOutAfter: result.timedOut ? seconds : undefined, exitCode: result.code },
    });
    writeFileSync(path.join(parts.final, name), text);
  });
  return { code: result.code, timedOut: result.timedOut };
};
