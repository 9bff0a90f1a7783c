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
import { startHttp } from '../capture-run.ts';
import type { HttpRun } from '../http-side.ts';
import type { ServeOptions } from '../flags.ts';
import { kitFor } from '../kits/index.ts';
import {
  commandLine,
  displayContext,
  environmentOf,
  kitFace,
  setupOf,
  timeLimitOf,
  type Kit,
  type KitContext,
} from '../kits/kit.ts';
import { launchConfig } from '../launch.ts';
import { defaultLimits } from '../../lib/lab/limits.ts';
import { parsePersona } from '../../lib/lab/personas/index.ts';
import { planFor } from '../../lib/lab/plan.ts';
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
  /** A module exporting `kit`, for a kit that is not in the registry (a test's, one being written). */
  kitFile?: string | undefined;
}

/** The kit a run names: from its kit file where it has one, else from the registry. */
export const loadKit = async (client: string, kitFile: string | undefined): Promise<Kit | undefined> => {
  if (kitFile === undefined) return kitFor(client);
  const loaded = (await import(kitFile)) as { kit?: Kit };
  return loaded.kit;
};

/** Where a loopback origin nothing answers on is needed (a kit without a model API, a build without a stand-in). */
const NO_SERVICE = 'http://127.0.0.1:9';

/** The scratch folder's parts. */
export const scratchParts = (scratch: string) => ({
  home: path.join(scratch, 'home'),
  work: path.join(scratch, 'work'),
  probe: path.join(scratch, 'probe'),
  final: path.join(scratch, 'final'),
  modelLog: path.join(scratch, 'model-events.jsonl'),
  output: path.join(scratch, 'client-output.txt'),
});

/** The environment a client runs with: a PATH that finds the project's Node, the throwaway HOME, the kit's. */
const clientEnv = (home: string, extra: Record<string, string>): Record<string, string> => ({
  // The project's Node first: a client's `#!/usr/bin/env node` must not find the system's older one.
  PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(path.delimiter),
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
  const prompt = plan.prompt ?? face.prompt ?? 'say hi please';
  const records: ModelRecord[] = [];
  const record = (event: ModelRecord) => {
    records.push(event);
    // Written as it happens, so a run that is killed keeps what the model saw.
    appendFileSync(parts.modelLog, `${JSON.stringify(event)}\n`);
  };
  const model = kit.model !== undefined && startModel !== undefined ? await startModel(plan, record) : undefined;
  const seconds = timeLimitOf(kit, face);
  const serve: ServeOptions = {
    persona: parsePersona(spec.persona),
    out: parts.probe,
    label: {
      client: kit.client,
      version: spec.version,
      package: kit.package,
      command: commandLine(kit, face, displayContext(spec.transport, prompt, spec.version)),
      path: face.path ?? kit.path ?? 'cli',
    },
    // The probe outlives the client's limit, so the runner, not the probe, stops the run.
    limits: { ...defaultLimits, maxRunMs: (seconds + 10) * 1000 },
    port: 0,
    replyAs: 'json',
    epoch,
    scenario: plan.scenario,
  };
  // What the run started it releases however it ends: a set-up that fails must not leave the
  // stand-in model and the HTTP probe listening until the probe's own time limit.
  let served: HttpRun | undefined;
  let result: GroupEnd | undefined;
  let elapsedMs = 0;
  try {
    served = spec.transport === 'http' ? (await startHttp(serve)).run : undefined;
    const context: KitContext = {
      home: parts.home,
      work: parts.work,
      server: served === undefined ? { transport: 'stdio', launch: launchConfig(serve) } : { transport: 'http', url: served.url },
      name: LAB_SERVER_NAME,
      modelUrl: model?.url ?? NO_SERVICE,
      prompt,
      prefix: spec.prefix,
      version: spec.version,
    };
    const { files, commands } = setupOf(kit, face, context);
    for (const file of files) {
      mkdirSync(path.dirname(file.path), { recursive: true });
      writeFileSync(file.path, file.text);
    }
    linkPreinstalled(kit, context, spec.preinstalled);
    const bin = kit.program?.(spec.prefix) ?? path.join(spec.prefix, 'node_modules', '.bin', kit.bin);
    const env = clientEnv(parts.home, environmentOf(kit, face, context));
    for (const args of commands) {
      const step = await runGroup(bin, args, { cwd: parts.work, env, seconds: 60 });
      if (step.code !== 0)
        throw new Error(`${kit.bin} ${args.slice(0, 3).join(' ')} … failed (${step.code}): ${step.output.trim().slice(-500)}`);
    }
    console.error(`probe: running ${serve.label.command} (${kit.package}@${spec.version}, up to ${seconds} s)`);
    result = await runGroup(bin, face.args(context), { cwd: parts.work, env, seconds });
    elapsedMs = Date.now() - epoch;
    console.error(
      `probe: ${kit.bin} ${result.timedOut ? `stopped at its time limit of ${seconds} s` : `exited with ${result.code}`}`,
    );
    writeFileSync(parts.output, result.output);
  } finally {
    if (served !== undefined) {
      served.stop(
        result === undefined
          ? "the run failed before the client's command ended"
          : `the client's command ended (${result.timedOut ? 'stopped at the time limit' : `exit ${result.code}`})`,
      );
      await served.done;
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
      modelApi: kit.model?.api,
      epoch,
      end: { elapsedMs, timedOutAfter: result.timedOut ? seconds : undefined, exitCode: result.code },
    });
    writeFileSync(path.join(parts.final, name), text);
  });
  return { code: result.code, timedOut: result.timedOut };
};
