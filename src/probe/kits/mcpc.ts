/**
 * mcpc (`@apify/mcpc` on npm), Apify's command-line MCP client. It has no model. Every MCP command
 * goes through a named session: `mcpc connect <server> @name` starts a bridge process in the
 * background that opens the connection and holds it, later commands (`mcpc @name tools-list`) ask
 * the bridge, and `mcpc @name close` stops it. The server is a URL, or an entry of a file in the
 * `mcpServers` shape for stdio; so the handshake, the listing, the tool calls a scenario names
 * (made by hand, one command each) and what the bridge does while it holds the session are what it
 * can show.
 */
import path from 'node:path';
import { serverUrl, stdioEntry, type Kit, type KitContext } from './kit.ts';

/** The session's name, as mcpc's commands take it. */
const SESSION = '@lab';

/** The config file mcpc reads a stdio server from (`<file>:<entry>`). */
const configFile = (context: KitContext): string => path.join(context.home, 'mcp.json');

/** The server as `connect` takes it: the config file's entry, or the probe's URL. */
export const connectTarget = (context: KitContext): string =>
  context.server.transport === 'stdio' ? `${configFile(context)}:${context.name}` : serverUrl(context);

/** One `tools-call` per call the scenario's model would make, its arguments as one JSON object. */
export const toolCalls = ({ calls = [] }: KitContext): string[][] =>
  calls.map((call) => [SESSION, 'tools-call', call.tool, JSON.stringify(call.arguments)]);

/** The mcpc kit. */
export const mcpc: Kit = {
  client: 'mcpc',
  package: '@apify/mcpc',
  bin: 'mcpc',
  transports: ['stdio', 'http'],
  server: (context) =>
    context.server.transport === 'stdio'
      ? { files: [{ path: configFile(context), json: { mcpServers: { [context.name]: stdioEntry(context) } } }] }
      : {},
  faces: [
    {
      name: 'session',
      args: (context) => ['connect', connectTarget(context), SESSION],
      // The bridge outlives `connect`: list the tools through it, then close it, so the probe sees it go.
      after: () => [
        [SESSION, 'tools-list', '--full'],
        [SESSION, 'close'],
      ],
      speaks:
        'the bridge process `mcpc connect` starts for a named session (it holds the connection), asked for the tools by `mcpc @lab tools-list --full`, then stopped by `mcpc @lab close`',
      session: false,
      cannotShow:
        'a tool call (the lab gives a CLI without a model no call to make); the interactive shell; OAuth sign-in; its proxy and x402 payments',
    },
    {
      name: 'tools-call',
      args: (context) => ['connect', connectTarget(context), SESSION],
      after: (context) => [...toolCalls(context), [SESSION, 'close']],
      speaks:
        'the same bridge, made by `mcpc @lab tools-call <tool> <json>` to call each tool a scenario’s model would call, in order, then stopped by `mcpc @lab close`',
      session: false,
      callsTools: true,
      cannotShow:
        'what reaches a model (it has none) and anything only a model decides; it lists prompts or resources only when told to, which this face never does',
    },
  ],
  scenarioFace: 'tools-call',
  timeLimit: 60,
  cannotShow: 'a model: mcpc has none, so nothing here says what reaches one',
};
