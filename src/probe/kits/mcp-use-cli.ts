/**
 * The mcp-use CLI (`@mcp-use/cli` on npm, the `mcp-use` binary): mostly a dev server and build
 * pipeline for MCP servers written with mcp-use, with a `client` command that saves a server under a
 * name and then lists or calls its tools, one connection per command, no model. Its command line
 * changed twice: up to 3.1 `client connect <url> --name N [--stdio]` and `client tools … --session N`;
 * from 3.2 `client connect N <url | "command" --stdio>` and `client N tools …`; from 4.0 HTTP(S) only,
 * with `--protocol auto|legacy|modern` (auto by default). From 4.0 the client code is a separate
 * package, `@mcp-use/client`, that the CLI installs with npm on first use; the sandbox has no network
 * and the registry the lab installs from does not serve that package, so 4.x cannot be run here.
 */
import path from 'node:path';
import { serverUrl, shellWord, type Face, type Kit, type KitContext } from './kit.ts';
import { compareVersions } from '../../lib/evidence/versions.ts';

/** The name the server is saved under. */
const NAME = 'lab';

/** The command line's era for a version: the flags moved at 3.2.0 and stdio went at 4.0.0. */
export const cliEra = (version: string): 'session-flag' | 'named' | 'http-only' =>
  (compareVersions(version, '3.2.0') ?? 0) < 0
    ? 'session-flag'
    : (compareVersions(version, '4.0.0') ?? 0) < 0
      ? 'named'
      : 'http-only';

/** The script that starts the probe: the client splits its one stdio string at every space, quotes or not. */
const launcher = (context: KitContext): string => path.join(context.work, 'probe.sh');

/** The stdio server as the one string the client takes: `sh <script>`, which has no space inside a word. */
const stdioCommand = (context: KitContext): string => `sh ${launcher(context)}`;

/** The probe's launch, quoted for the shell, in the script `stdioCommand` names. */
const launcherScript = (context: KitContext): string => {
  if (context.server.transport !== 'stdio') throw new Error('a stdio launcher for an HTTP run');
  return `exec ${[context.server.launch.command, ...context.server.launch.args].map(shellWord).join(' ')}\n`;
};

/** `client connect …` as the version takes it, the server saved as `lab`. */
export const connectArgs = (context: KitContext, protocol?: 'legacy' | 'modern'): string[] => {
  const era = cliEra(context.version);
  const stdio = context.server.transport === 'stdio';
  const target = stdio ? stdioCommand(context) : serverUrl(context);
  if (era === 'session-flag') return ['client', 'connect', target, '--name', NAME, ...(stdio ? ['--stdio'] : [])];
  return [
    'client',
    'connect',
    NAME,
    target,
    ...(stdio ? ['--stdio'] : []),
    ...(protocol === undefined ? [] : ['--protocol', protocol]),
  ];
};

/** A `client … tools <action>` command for the saved server, as the version takes it. */
export const toolsArgs = (context: KitContext, action: readonly string[]): string[] =>
  cliEra(context.version) === 'session-flag'
    ? ['client', 'tools', ...action, '--session', NAME]
    : ['client', NAME, 'tools', ...action];

/** A face connecting at one `--protocol` (4.x only). */
const protocolFace = (protocol: 'legacy' | 'modern'): Face => ({
  name: `tools-list-${protocol}`,
  args: (context) => connectArgs(context, protocol),
  after: (context) => [toolsArgs(context, ['list'])],
  speaks: `\`mcp-use client\` with \`--protocol ${protocol}\` (4.x only), then its tools listed`,
  session: false,
  transports: ['http'],
  setting: `protocol=${protocol}`,
  cannotShow: 'versions before 4.0, which have no protocol to choose',
});

/** The mcp-use CLI kit. */
export const mcpUseCli: Kit = {
  client: 'mcp-use-cli',
  package: '@mcp-use/cli',
  bin: 'mcp-use',
  // HTTP first: from 4.0 the client takes only HTTP(S) URLs.
  transports: ['http', 'stdio'],
  // The server is named on the command line; over stdio through a script that starts the probe.
  server: (context) =>
    context.server.transport === 'stdio' ? { files: [{ path: launcher(context), text: launcherScript(context) }] } : {},
  faces: [
    {
      name: 'tools-list',
      args: (context) => connectArgs(context),
      after: (context) => [toolsArgs(context, ['list'])],
      speaks:
        '`mcp-use client connect` (which saves the server as `lab` after connecting once), then `mcp-use client` listing its tools, each command its own connection',
      session: false,
      cannotShow: 'its dev server, build and deploy commands (no client); the interactive mode; OAuth sign-in',
    },
    {
      name: 'tools-call',
      args: (context) => connectArgs(context),
      after: (context) =>
        (context.calls ?? []).map((call) => toolsArgs(context, ['call', call.tool, JSON.stringify(call.arguments)])),
      speaks:
        'the same saved server, with one `mcp-use client … tools call <tool> <json>` per call a scenario’s model would make',
      session: false,
      callsTools: true,
      cannotShow:
        'what reaches a model (it has none) and anything only a model decides; prompts and resources, which it lists only when told to',
    },
    protocolFace('legacy'),
    protocolFace('modern'),
  ],
  scenarioFace: 'tools-call',
  timeLimit: 60,
  cannotShow:
    'a model: the CLI has none, so nothing here says what reaches one; 4.x, whose client package (`@mcp-use/client`, installed on first use) the lab cannot install',
};
