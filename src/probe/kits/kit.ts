/**
 * What a client kit says (src/probe/kits/<client>.ts, one file per client): the package and binary,
 * how to point the client at the probe (a stdio command or a Streamable HTTP URL) and at the stand-in
 * model, its faces (the session, a health check, …), its time limit and what it cannot show. The
 * command line a face runs is derived from the kit, never written twice (`commandLine`).
 */
import path from 'node:path';
import type { ModelApiName } from '../../lib/lab/model-apis/index.ts';
import type { CaptureFace, CapturePath, CaptureTransport } from '../../schema/capture.ts';
import type { Registry } from '../lab/install.ts';
import type { LaunchConfig } from '../launch.ts';
import { LAB_SERVER_NAME } from '../../lib/lab/version.ts';
import { builtWith } from '../../lib/evidence/built-with.ts';

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
  /**
   * The model will read a server's resource through the client's own tool (a scenario's `reads`):
   * a face that narrows the client's built-in tools keeps that one.
   */
  readsResources?: boolean;
  /**
   * A client registered beforehand at the lab's authorization server, where the run's scenario has
   * one and the kit can give it to the client (its `signIn.preregistered`): the server entry names it.
   */
  preregistered?: { clientId: string; clientSecret?: string | undefined } | undefined;
  /**
   * The tool calls a scenario's stand-in model would make, in order, given to a face that makes them
   * itself (`callsTools`: a CLI without a model); absent for every other face.
   */
  calls?: readonly { tool: string; arguments: Record<string, unknown> }[] | undefined;
}

/**
 * A file a kit writes before the run: JSON fragments for one path are merged, text is appended; a
 * link points a path at a folder (a harness's `node_modules` at the installed packages').
 */
export type KitFile =
  { path: string; json: Record<string, unknown> } | { path: string; text: string } | { path: string; link: string };

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
  /**
   * Whether this face makes the scenario's tool calls itself (`context.calls`), with no model: a CLI
   * that calls tools plays the scenarios, and only what its calls and listings decide is its to show.
   */
  callsTools?: boolean;
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
  /**
   * Client commands run after the face's own however it ended (arguments after the binary), shown in
   * the capture's command: a session a background process of the client holds is used, then closed,
   * so the probe sees the client go before the run ends.
   */
  after?: (context: KitContext) => string[][];
  /** The client setting this face flips from its default, `<name>=<value>`: the capture header's `setting`. */
  setting?: string;
  /** The capture header's `face` where this face names one (a harness's, the lab's own script). */
  kind?: CaptureFace;
  /**
   * The capture header's `command` where a condition the command line cannot show makes the face (a
   * model on a dead port), as captures made before the kits named it, so new captures join their run.
   */
  label?: string;
}

/**
 * What a harness is (a library's client run by the smallest program its docs show): the program's
 * file in src/probe/harnesses/, the page it follows and when that page was read, how the model is
 * pointed at the stand-in, and the settings it can flip, each a face of the kit.
 */
export interface HarnessInfo {
  /** The program's file name in src/probe/harnesses/. */
  file: string;
  /** The documentation page the program follows, and the date it was read. */
  doc: { url: string; title: string; date: string };
  /** How the model is pointed at the stand-in model, in words. */
  model: string;
  /** Where the program leaves the page's code, and why (a loop over every tool call, the server read from a file). */
  differs?: string;
}

/**
 * One step of an interactive face's key script: keys by tmux's names (`Enter`, `Down`, `C-c`),
 * text typed as it is, a pause (ms), a wait until the screen shows a pattern, or a wait until the lab
 * sees the client signed in (a token issued by a sign-in), a tool call answered, or the client gone;
 * while waiting, `answer` presses keys each time a new match of its pattern shows (an approval asked
 * for each tool call). A wait that times out ends the script.
 */
export type KeyStep =
  | { keys: readonly string[] }
  | { text: string }
  | { pause: number }
  | { wait: RegExp; seconds: number }
  | {
      until: 'signed-in' | 'called' | 'exit';
      seconds: number;
      answer?: { when: RegExp; keys: readonly string[] };
    };

/** A client's interactive face: its login command or full-screen interface, run in a terminal with a key script. */
export interface InteractiveFace {
  /** How captures name it: `mcp-login`, `tui`. */
  name: string;
  /** The arguments after the binary. */
  args: (context: KitContext) => string[];
  /** The keys and waits that drive it. */
  steps: (context: KitContext) => readonly KeyStep[];
  /** Environment this face adds. */
  env?: (context: KitContext) => Record<string, string>;
  /** Which client speaks, in words. */
  speaks: string;
  /** What this face cannot show. */
  cannotShow: string;
  /** Seconds before the terminal is closed, whatever the script reached: 120 where not given. */
  timeLimit?: number;
}

/**
 * How a kit's client signs in to a protected server (the authorization lab's scenarios): the
 * interactive face that starts the sign-in (no client starts one in its print mode), and the session
 * face that runs after it with what the sign-in stored.
 */
export interface SignIn {
  face: InteractiveFace;
  /** The session face run after it (by name); none where the interactive face holds the session itself. */
  session?: string;
  /**
   * How a client registered beforehand is given to this client (its server entry reads
   * `context.preregistered`): with a secret, or as a public client; absent where it has no setting for one.
   */
  preregistered?: 'secret' | 'public';
}

/** A client kit. */
export interface Kit {
  /** The client's id in content/clients/. */
  client: string;
  /** The registry package that installs it (a Go module path, a Maven `group:artifact`). */
  package: string;
  /** The registry it is installed from: npm where not given. */
  registry?: Registry;
  /**
   * Packages installed beside it at a version of it (a harness's model SDK), as the registry's client
   * names them; for a Go module, its own dependencies raised to a version (`module@version`) before
   * it is built, which the capture's `package` then names.
   */
  requires?: (version: string) => readonly string[];
  /** Set where the kit runs a library through a harness. */
  harness?: HarnessInfo;
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
  /**
   * A program the client fetches and runs at run time through `npx` (Continue's `mcp-remote`),
   * installed beforehand (its newest version) into a global prefix in the lab cache, where `npx`
   * finds it offline. A capture names it with its version: its verdicts speak for the client with it.
   */
  helper?: string;
  /** The capture header's `path`: `cli` where not given. */
  path?: CapturePath;
  /** Debian packages its install builds against (a native module's headers), apt-get installed first where missing. */
  debian?: readonly string[];
  /** Set where the client cannot be made to run here, saying why; the runner refuses it. */
  blocked?: string;
  /** How the client signs in to a protected server, at a version; undefined where that version has no way the lab can drive. */
  signIn?: (version: string) => SignIn | undefined;
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

/** The capture header's `face` a run of this face writes: the face's own, a harness's, else none (derived when read). */
export const captureFaceOf = (kit: Kit, face: Face): CaptureFace | undefined =>
  face.kind ?? (kit.harness === undefined ? undefined : 'harness');

/**
 * Where a run's client came from, as its capture's header says: the package, and for a Go module
 * built with a dependency raised (the kit's `requires` at that version), which one, so the capture
 * says it is not the binary the tag builds.
 */
export const packageLabel = (kit: Kit, version: string): string =>
  builtWith(kit.package, kit.registry === 'go' ? (kit.requires?.(version) ?? []) : []);

/** The executable a run starts: the kit's program, else the registry's place for the package's binary. */
export const programOf = (kit: Kit, prefix: string): string =>
  kit.program?.(prefix) ??
  (kit.registry === undefined || kit.registry === 'npm'
    ? path.join(prefix, 'node_modules', '.bin', kit.bin)
    : path.join(prefix, 'bin', kit.bin));

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
export const displayContext = (
  transport: CaptureTransport,
  prompt: string,
  version: string,
  readsResources = false,
): KitContext => ({
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
  ...(readsResources ? { readsResources } : {}),
});

/** A loopback origin nothing answers on (the sandbox has a loopback of its own): a service the client cannot reach. */
export const NO_SERVICE = 'http://127.0.0.1:9';

/** Environment names a command line shows (not their secrets: keys and tokens stay out). */
const shownEnv = (name: string) => !/key|token|secret|password|auth/i.test(name);

/**
 * The face's command as a person reads it, derived from the kit: the environment it sets (secrets
 * left out), the binary and its arguments, quoted for a shell, then the commands run after it; or
 * the face's `label`. The capture header's `command`.
 */
export const commandLine = (kit: Kit, face: Face, context: KitContext): string => {
  if (face.label !== undefined) return face.label;
  const env = Object.entries(face.env?.(context) ?? {})
    .filter(([name]) => shownEnv(name))
    .map(([name, value]) => `${name}=${shellWord(value)}`);
  const after = (face.after?.(context) ?? []).map((args) => `; ${[kit.bin, ...args.map(shellWord)].join(' ')}`);
  return `${[...env, kit.bin, ...face.args(context).map(shellWord)].join(' ')}${after.join('')}`;
};

/** A key script in words, for a capture's `command`: what was typed and pressed, what was waited for. */
export const describeSteps = (steps: readonly KeyStep[]): string =>
  steps
    .flatMap((step) => {
      if ('keys' in step) return step.keys;
      if ('text' in step) return [JSON.stringify(step.text)];
      if ('until' in step)
        return [
          `(until ${step.until}${step.answer === undefined ? '' : `, ${step.answer.keys.join(' ')} at each ${JSON.stringify(step.answer.when.source)}`})`,
        ];
      if ('wait' in step) return [`(wait for ${JSON.stringify(step.wait.source)})`];
      return [];
    })
    .join(' ');

/**
 * A sign-in run's command as a person reads it: the interactive face's command with its key script,
 * then the session face's command where one follows. The capture header's `command`.
 */
export const signInCommandLine = (kit: Kit, signIn: SignIn, session: Face | undefined, context: KitContext): string => {
  const face = signIn.face;
  const env = Object.entries(face.env?.(context) ?? {})
    .filter(([name]) => shownEnv(name))
    .map(([name, value]) => `${name}=${shellWord(value)}`);
  const login = [...env, kit.bin, ...face.args(context).map(shellWord)].join(' ');
  const keys = describeSteps(face.steps(context));
  return `${login} in a terminal${keys === '' ? '' : `, keys: ${keys}`}${session === undefined ? '' : `; then ${commandLine(kit, session, context)}`}`;
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
): { files: { path: string; text: string }[]; links: { path: string; link: string }[]; commands: string[][] } => {
  const parts = [kit.model?.setup(context) ?? {}, kit.server(context), face.setup?.(context) ?? {}];
  const byPath = new Map<string, { json?: Record<string, unknown>; text?: string }>();
  const links: { path: string; link: string }[] = [];
  for (const file of parts.flatMap((part) => part.files ?? [])) {
    if ('link' in file) {
      links.push(file);
      continue;
    }
    const held = byPath.get(file.path) ?? {};
    if ('json' in file) held.json = mergeJson(held.json ?? {}, file.json);
    else held.text = `${held.text ?? ''}${file.text}`;
    byPath.set(file.path, held);
  }
  const files = [...byPath].map(([where, held]) => ({
    path: where,
    text: held.json === undefined ? (held.text ?? '') : `${JSON.stringify(held.json, null, 2)}\n`,
  }));
  return { files, links, commands: parts.flatMap((part) => part.commands ?? []) };
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
