/**
 * What a client kit says (src/probe/kits/<client>.ts, one file per client): the package and binary,
 * how to point the client at the probe (a stdio command or a Streamable HTTP URL) and at the stand-in
 * model, its faces (the session, a health check, …), its time limit and what it cannot show. The
 * command line a face runs is derived from the kit, never written twice (`commandLine`).
 */
import type { ModelApiName } from '../../lib/lab/model-apis/index.ts';
import type { CapturePath, CaptureTransport } from '../../schema/capture.ts';
import type { LaunchConfig } from '../launch.ts';
import { LAB_SERVER_NAME } from '../../lib/lab/version.ts';

/** Where the probe is, as the client's configuration must name it. */
export type ServerLink = { transport: 'stdio'; launch: LaunchConfig } | { transport: 'http'; url: string };

/** Where a run happens and what it points the client at. */
export interface KitContext {
  /** The throwaway HOME and working folder, the run's only writable places. */
  home: string;
  work: string;
  /** The probe: a command to start over stdio, or a URL. */
  server: ServerLink;
  /** The server's name in the client's configuration. */
  name: string;
  /** The stand-in model's origin, `http://127.0.0.1:<port>` (no path). */
  modelUrl: string;
  /** The one-line task the client is given. */
  prompt: string;
  /** The folder the client's package is installed in (`--prefix`). */
  prefix: string;
  /** The client version being run: flags differ between major versions. */
  version: string;
}

/** A file a kit writes before the run: JSON fragments for one path are merged, text is appended. */
export type KitFile = { path: string; json: Record<string, unknown> } | { path: string; text: string };

/** What a kit sets up: files, client commands to run first (arguments after the binary), environment. */
export interface Setup {
  files?: KitFile[];
  commands?: string[][];
  env?: Record<string, string>;
}

/** One way of running the client: the command that makes it connect, and what that face shows. */
export interface Face {
  /** `run --face NAME`; the kit's first face for a transport is its default. */
  name: string;
  /** The arguments after the binary. */
  args: (context: KitContext) => string[];
  /** Environment this face adds (a dummy key, an offline switch). */
  env?: (context: KitContext) => Record<string, string>;
  /** The prompt this face passes where no scenario gives one (`hi`, `say hi please`). */
  prompt?: string;
  /** Which client speaks, in words: the real session client, or a separate health check. */
  speaks: string;
  /** Whether this face sends the prompt to the model: a whole session, which scenarios need. */
  session: boolean;
  /** The transports this face works over; the kit's own where not given. */
  transports?: readonly CaptureTransport[];
  /** Seconds before the run is stopped; the kit's where not given. */
  timeLimit?: number;
  /** What this face cannot show. */
  cannotShow: string;
  /** The capture header's `path`; the kit's where not given. */
  path?: CapturePath;
  /** Set-up this face adds after the kit's (a feature switch, an extra configuration line). */
  setup?: (context: KitContext) => Setup;
}

/** A client kit. */
export interface Kit {
  /** The client's id in content/clients/. */
  client: string;
  /** The registry package that installs it. */
  package: string;
  /** The command the package installs. */
  bin: string;
  /** The executable where it is not `node_modules/.bin/<bin>` (a platform package's binary, Node for a script). */
  program?: (prefix: string) => string;
  /** The transports it can be pointed at. */
  transports: readonly CaptureTransport[];
  /** How to point it at the probe. */
  server: (context: KitContext) => Setup;
  /**
   * The model API it speaks and how to point it at the stand-in model; none where it talks to its
   * vendor's service instead (then only its handshake can be run, the service pointed at the
   * stand-in's loopback origin, which records what it asks and refuses it).
   */
  model?: { api: ModelApiName; setup: (context: KitContext) => Setup };
  /** Its faces, the default first. */
  faces: readonly Face[];
  /** The face a scenario runs by default: a session face that sends the prompt to the model. */
  scenarioFace?: string;
  /** Seconds before a run is stopped. */
  timeLimit: number;
  /** What every run of this kit cannot show. */
  cannotShow: string;
  /** Packages the client loads at run time from the registry, installed beforehand (the sandbox has no network). */
  preinstall?: readonly Preinstall[];
  /** The capture header's `path`: `cli` where not given. */
  path?: CapturePath;
  /** Set where the client cannot be made to run here, saying why; the runner refuses it. */
  blocked?: string;
}

/** A package installed into the lab cache before the run and linked where the client looks for it. */
export interface Preinstall {
  package: string;
  /** The folder, under the throwaway home, whose `node_modules` the client loads it from. */
  under: (context: KitContext) => string;
}

/** A word quoted for a POSIX shell where it needs it. */
export const shellWord = (word: string): string => (/^[\w@%+=:,./~-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** A string in TOML. */
export const toml = (text: string): string => JSON.stringify(text);

/**
 * The face a run asks for over a transport: by name; else, for a scenario, the kit's scenario face;
 * else the kit's first face over that transport.
 */
export const kitFace = (kit: Kit, transport: CaptureTransport, name?: string, scenario = false): Face | undefined => {
  const wanted = name ?? (scenario ? kit.scenarioFace : undefined);
  return kit.faces.find(
    (face) => (face.transports ?? kit.transports).includes(transport) && (wanted === undefined || face.name === wanted),
  );
};

/** The face's time limit in seconds. */
export const timeLimitOf = (kit: Kit, face: Face): number => face.timeLimit ?? kit.timeLimit;

/** The environment a face runs with: the model's, the server's, then the face's own. */
export const environmentOf = (kit: Kit, face: Face, context: KitContext): Record<string, string> => ({
  ...kit.model?.setup(context).env,
  ...kit.server(context).env,
  ...face.setup?.(context).env,
  ...face.env?.(context),
});

/** How a context reads to a person: the placeholders a command line shows instead of a run's paths. */
export const displayContext = (transport: CaptureTransport, prompt: string, version: string): KitContext => ({
  home: '~',
  work: '.',
  server:
    transport === 'stdio'
      ? { transport, launch: { command: 'probe', args: [] } }
      : { transport, url: 'http://127.0.0.1:PORT/mcp' },
  name: LAB_SERVER_NAME,
  modelUrl: 'http://127.0.0.1:MODEL',
  prompt,
  prefix: '.',
  version,
});

/** Environment names a command line shows (not their secrets: keys and tokens stay out). */
const shownEnv = (name: string) => !/key|token|secret|password|auth/i.test(name);

/**
 * The face's command as a person reads it, derived from the kit: the environment it sets (secrets
 * left out), the binary and its arguments, quoted for a shell. The capture header's `command`.
 */
export const commandLine = (kit: Kit, face: Face, context: KitContext): string => {
  const env = Object.entries(face.env?.(context) ?? {})
    .filter(([name]) => shownEnv(name))
    .map(([name, value]) => `${name}=${shellWord(value)}`);
  return [...env, kit.bin, ...face.args(context).map(shellWord)].join(' ');
};

/** Deep-merges JSON fragments (objects merge; anything else, the later wins). */
const mergeJson = (into: Record<string, unknown>, from: Record<string, unknown>): Record<string, unknown> => {
  const out: Record<string, unknown> = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const before = out[key];
    const both = [before, value].every((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
    out[key] = both ? mergeJson(before as Record<string, unknown>, value as Record<string, unknown>) : value;
  }
  return out;
};

/**
 * The files and commands of a face's set-up for one run: the model's, the server's, then the face's,
 * JSON merged by path and text appended in that order (so a TOML file's top-level keys come first).
 */
export const setupOf = (
  kit: Kit,
  face: Face,
  context: KitContext,
): { files: { path: string; text: string }[]; commands: string[][] } => {
  const parts = [kit.model?.setup(context) ?? {}, kit.server(context), face.setup?.(context) ?? {}];
  const byPath = new Map<string, { json?: Record<string, unknown>; text?: string }>();
  for (const file of parts.flatMap((part) => part.files ?? [])) {
    const held = byPath.get(file.path) ?? {};
    if ('json' in file) held.json = mergeJson(held.json ?? {}, file.json);
    else held.text = `${held.text ?? ''}${file.text}`;
    byPath.set(file.path, held);
  }
  const files = [...byPath].map(([path, held]) => ({
    path,
    text: held.json === undefined ? (held.text ?? '') : `${JSON.stringify(held.json, null, 2)}\n`,
  }));
  return { files, commands: parts.flatMap((part) => part.commands ?? []) };
};

/** The stdio server entry most clients take: `{ command, args }`, plus whatever else `extra` adds. */
export const stdioEntry = (context: KitContext, extra: Record<string, unknown> = {}): Record<string, unknown> => {
  if (context.server.transport !== 'stdio') throw new Error('a stdio entry for an HTTP run');
  return { command: context.server.launch.command, args: context.server.launch.args, ...extra };
};

/** The probe's URL for an HTTP run. */
export const serverUrl = (context: KitContext): string => {
  if (context.server.transport !== 'http') throw new Error('a URL for a stdio run');
  return context.server.url;
};
