/**
 * The flags of `npm run probe -- <stdio|http|config> …`, read into one options object. A bad flag is
 * an Error that names it; nothing starts until every flag is valid.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isCapturePath, type ClientLabel } from './header.ts';
import { defaultLimits, type Limits } from '../lib/lab/limits.ts';
import { parsePersona, personaText, type Persona } from '../lib/lab/personas/index.ts';
import { headerScenario, runScenario } from '../lib/scenarios/index.ts';
import type { Scenario } from '../lib/scenarios/scenario.ts';
import type { ReplyStyle } from './http-side.ts';

/** Everything a capture run is told. */
export interface ServeOptions {
  persona: Persona;
  /** Where the capture file goes (absolute). */
  out: string;
  label: ClientLabel;
  limits: Limits;
  /** HTTP only. */
  port: number;
  replyAs: ReplyStyle;
  /** The instant (ms since 1970) event times count from, where a runner merges this capture with others. */
  epoch?: number | undefined;
  /** The lab scenario the server plays (`--scenario`): the handshake alone where none is named. */
  scenario: Scenario;
}

/** The flags `stdio`, `http` and `config` share, as parseArgs reads them. */
export const serveFlags = {
  persona: { type: 'string', default: 'observe' },
  out: { type: 'string' },
  client: { type: 'string' },
  'client-version': { type: 'string' },
  package: { type: 'string' },
  command: { type: 'string' },
  path: { type: 'string', default: 'cli' },
  'time-limit': { type: 'string' },
  'max-messages': { type: 'string' },
  'max-message-bytes': { type: 'string' },
  'max-capture-bytes': { type: 'string' },
  port: { type: 'string', default: '0' },
  reply: { type: 'string', default: 'json' },
  epoch: { type: 'string' },
  scenario: { type: 'string' },
} as const;

const whole = (flag: string, text: string | undefined, fallback: number, min: number): number => {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text) || Number(text) < min)
    throw new Error(`--${flag}: expected a whole number of ${min} or more, got ${JSON.stringify(text)}`);
  return Number(text);
};

/** Reads the shared flags; `cwd` resolves a relative `--out`. */
export const readServeOptions = (args: readonly string[], cwd: string): ServeOptions => {
  const { values, positionals } = parseArgs({ args: [...args], options: serveFlags, allowPositionals: true, strict: true });
  if (positionals.length > 0) throw new Error(`unexpected argument ${JSON.stringify(positionals[0])}`);
  if (values.out === undefined) throw new Error('--out: required: the folder the capture file is written to');
  if (!isCapturePath(values.path))
    throw new Error(`--path: expected one of cli, ide, desktop, hosted, sdk, got ${JSON.stringify(values.path)}`);
  if (values.reply !== 'json' && values.reply !== 'sse')
    throw new Error(`--reply: expected json or sse, got ${JSON.stringify(values.reply)}`);
  const port = whole('port', values.port, 0, 0);
  if (port > 65535) throw new Error(`--port: expected a port up to 65535, got ${port}`);
  return {
    persona: parsePersona(values.persona),
    out: path.resolve(cwd, values.out),
    label: {
      client: values.client,
      version: values['client-version'],
      package: values.package,
      command: values.command,
      path: values.path,
    },
    limits: {
      ...defaultLimits,
      maxRunMs: whole('time-limit', values['time-limit'], defaultLimits.maxRunMs / 1000, 1) * 1000,
      maxMessages: whole('max-messages', values['max-messages'], defaultLimits.maxMessages, 1),
      maxMessageBytes: whole('max-message-bytes', values['max-message-bytes'], defaultLimits.maxMessageBytes, 1),
      maxCaptureBytes: whole('max-capture-bytes', values['max-capture-bytes'], defaultLimits.maxCaptureBytes, 4096),
    },
    port,
    replyAs: values.reply,
    epoch: values.epoch === undefined ? undefined : whole('epoch', values.epoch, 0, 0),
    scenario: runScenario(values.scenario),
  };
};

/** The shared flags back as arguments, for a launch configuration: only those that were given. */
export const serveArgs = (options: ServeOptions): string[] => {
  const { label } = options;
  const pairs: [string, string | undefined][] = [
    ['--persona', personaText(options.persona)],
    ['--out', options.out],
    ['--client', label.client],
    ['--client-version', label.version],
    ['--package', label.package],
    ['--command', label.command],
    ['--path', label.path],
    ['--time-limit', String(options.limits.maxRunMs / 1000)],
    ['--epoch', options.epoch === undefined ? undefined : String(options.epoch)],
    ['--scenario', headerScenario(options.scenario)],
  ];
  // The other limits only where they differ from the defaults, so a configuration stays short.
  const limits: [string, keyof Limits][] = [
    ['--max-messages', 'maxMessages'],
    ['--max-message-bytes', 'maxMessageBytes'],
    ['--max-capture-bytes', 'maxCaptureBytes'],
  ];
  for (const [flag, key] of limits) {
    if (options.limits[key] !== defaultLimits[key]) pairs.push([flag, String(options.limits[key])]);
  }
  return pairs.flatMap(([flag, value]) => (value === undefined ? [] : [flag, value]));
};
