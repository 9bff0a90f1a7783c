/**
 * `--recapture`: runs the capture lab's kit (`npm run probe -- run <client> --version <v>`) for
 * each client whose observed verdicts are older than its newest release, then says what the new
 * capture shows that the client's last capture did not.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkCapture } from '../lib/content/capture-rules.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { clientInfoOf, offeredVersions } from '../lib/evidence/capture-facts.ts';
import { firstDeclaredCapabilities } from '../lib/mcp/capabilities.ts';
import { readCaptureFiles } from '../node/captures.ts';
import type { VerdictDrift } from '../schema/drift.ts';

/** How the probe is run. */
export interface RecaptureOptions {
  /** The project root: where package.json and its `probe` script are. */
  root: string;
  contentDir: string;
  /** The command before `run <client> --version <v>`; `npm run --silent probe --` by default. */
  command?: readonly string[];
  timeoutMs: number;
  env?: NodeJS.ProcessEnv;
  clients: ReadonlySet<string>;
}

/** What re-capturing did: lines to print, and whether anything asked for could not be done. */
export interface RecaptureResult {
  lines: string[];
  failed: boolean;
}

const hasProbeScript = async (root: string): Promise<boolean> => {
  try {
    const manifest = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')) as { scripts?: Record<string, unknown> };
    return typeof manifest.scripts?.['probe'] === 'string';
  } catch {
    return false;
  }
};

const capturesOf = async (options: RecaptureOptions): Promise<Capture[]> =>
  (await readCaptureFiles(options.contentDir)).flatMap((file) => checkCapture(file, options.clients).capture ?? []);

/** The capabilities the capture's client first declared, by name (initialize or `_meta`, one reader for both). */
const declared = (capture: Capture): string[] => Object.keys(firstDeclaredCapabilities(capture) ?? {}).sort();

const list = (items: readonly string[]) => (items.length === 0 ? 'none' : items.join(', '));

/** What a new capture shows against the client's previous one, one line per difference. */
export const captureChanges = (before: Capture | undefined, after: Capture): string[] => {
  const name = `${after.header.client} ${after.header.version}`;
  if (before === undefined)
    return [`${name}: first capture ${after.id} (offered ${list(offeredVersions(after))}; declared ${list(declared(after))})`];
  const lines: string[] = [];
  const compare = (what: string, old: string, now: string) => {
    if (old !== now) lines.push(`${name}: ${what} ${old} → ${now} (was ${before.header.version}, ${before.id})`);
  };
  compare('offered', list(offeredVersions(before)), list(offeredVersions(after)));
  compare('declared capabilities', list(declared(before)), list(declared(after)));
  compare('clientInfo', JSON.stringify(clientInfoOf(before) ?? null), JSON.stringify(clientInfoOf(after) ?? null));
  return lines.length > 0
    ? lines
    : [`${name}: the same as ${before.header.version} (${before.id}) in what it offered, declared and sent as clientInfo`];
};

const runProbe = (command: readonly string[], args: string[], options: RecaptureOptions) =>
  new Promise<{ ok: boolean; detail: string }>((resolve) => {
    const [file, ...rest] = command;
    execFile(
      file as string,
      [...rest, ...args],
      {
        cwd: options.root,
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        env: options.env ?? process.env,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, _stdout, stderr) => {
        if (!error) return resolve({ ok: true, detail: '' });
        const last = stderr.trim().split('\n').at(-1) ?? '';
        const how = (error as { killed?: boolean }).killed
          ? `took longer than ${Math.round(options.timeoutMs / 1000)} s`
          : `failed (${error.code ?? error.message})`;
        resolve({ ok: false, detail: `${how}${last === '' ? '' : `: ${last}`}` });
      },
    );
  });

/** Re-captures each client of the observed stale verdicts at its newest version, in turn. */
export const recapture = async (verdicts: readonly VerdictDrift[], options: RecaptureOptions): Promise<RecaptureResult> => {
  const targets = [
    ...new Map(verdicts.filter((verdict) => verdict.evidence === 'observed').map((verdict) => [verdict.client, verdict.newest])),
  ];
  if (targets.length === 0)
    return { lines: ['recapture: no observed verdict is older than its newest release; nothing to capture'], failed: false };
  let command = options.command;
  if (command === undefined) {
    if (!(await hasProbeScript(options.root))) {
      return {
        lines: [
          `recapture: the capture lab is not in this checkout (package.json has no "probe" script), so nothing was captured; once it is, this runs ${targets
            .map(([client, version]) => `npm run probe -- run ${client} --version ${version}`)
            .join(', ')}`,
        ],
        failed: true,
      };
    }
    command = ['npm', 'run', '--silent', 'probe', '--'];
  }
  const lines: string[] = [];
  let failed = false;
  for (const [client, version] of targets) {
    const before = await capturesOf(options);
    const known = new Set(before.map((capture) => capture.id));
    const ran = await runProbe(command, ['run', client, '--version', version], options);
    if (!ran.ok) {
      lines.push(`recapture: ${client} ${version}: the probe ${ran.detail}`);
      failed = true;
      continue;
    }
    const fresh = (await capturesOf(options)).filter((capture) => !known.has(capture.id) && capture.header.client === client);
    if (fresh.length === 0) {
      lines.push(`recapture: ${client} ${version}: the probe ran but wrote no capture of ${client}`);
      failed = true;
      continue;
    }
    const previous = before
      .filter((capture) => capture.header.client === client)
      .sort((a, b) => a.header.capturedAt.localeCompare(b.header.capturedAt))
      .at(-1);
    for (const capture of fresh) lines.push(...captureChanges(previous, capture).map((line) => `recapture: ${line}`));
  }
  return { lines, failed };
};
