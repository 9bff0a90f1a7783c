/**
 * The MCP Inspector's CLI (`@modelcontextprotocol/inspector --cli`), the first client many server
 * authors try: one connection per command, one method per connection, no model. The server is named
 * on the command line (a command and its arguments, or a URL with `--transport http`). From 2.0 it is
 * built on the TypeScript SDK v2 and takes `--protocol-era legacy|auto|modern` (legacy by default for
 * a server named on the command line).
 */
import { serverUrl, type Face, type Kit, type KitContext } from './kit.ts';

/** The server as the command line names it: the probe's command and arguments, or its URL. */
const target = (context: KitContext): string[] =>
  context.server.transport === 'stdio'
    ? [context.server.launch.command, ...context.server.launch.args]
    : [serverUrl(context), '--transport', 'http'];

/** A face listing tools at one protocol era (2.x only). */
const eraFace = (era: 'auto' | 'modern'): Face => ({
  name: `tools-list-${era}`,
  args: (context) => ['--cli', ...target(context), '--method', 'tools/list', '--protocol-era', era],
  speaks: `the CLI's client with \`--protocol-era ${era}\` (2.x only), listing tools`,
  session: false,
  setting: `protocol-era=${era}`,
  cannotShow: 'versions before 2.0, which have no protocol era to choose',
});

/** The MCP Inspector CLI kit. */
export const mcpInspector: Kit = {
  client: 'mcp-inspector',
  package: '@modelcontextprotocol/inspector',
  bin: 'mcp-inspector',
  transports: ['stdio', 'http'],
  // The server is named on the command line; nothing to write beforehand.
  server: () => ({}),
  // One method per command and no model: the handshake and the listing are what it can show.
  faces: [
    {
      name: 'tools-list',
      args: (context) => ['--cli', ...target(context), '--method', 'tools/list'],
      speaks: "the CLI's client at its defaults (the legacy era in 2.x), listing tools",
      session: false,
      cannotShow: 'the web and terminal UIs; what it does beyond the one method a command names',
    },
    eraFace('auto'),
    eraFace('modern'),
  ],
  timeLimit: 60,
  cannotShow: 'a model: the Inspector has none, so nothing here says what reaches one',
};
