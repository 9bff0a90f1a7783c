/**
 * mcporter (`mcporter` on npm), the CLI and runtime OpenClaw uses to call MCP servers' tools. It has
 * no model: `mcporter list` names the server ad hoc (`--stdio "<command>"` or `--http-url <url>`),
 * connects, lists its tools with their schemas and exits, so the handshake and the listing are what
 * it can show.
 */
import { serverUrl, type Kit, type KitContext } from './kit.ts';

/** A word as a shell would read it back from mcporter's one `--stdio` string. */
const shellWord = (word: string): string => (/^[\w./:=@-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);

/** The server, named ad hoc on the command line. */
export const adHocServer = (context: KitContext): string[] =>
  context.server.transport === 'stdio'
    ? ['--stdio', [context.server.launch.command, ...context.server.launch.args].map(shellWord).join(' '), '--name', context.name]
    : // The probe is cleartext on loopback, which mcporter refuses without --allow-http.
      ['--http-url', serverUrl(context), '--allow-http', '--name', context.name];

/** The mcporter kit. */
export const mcporter: Kit = {
  client: 'mcporter',
  package: 'mcporter',
  bin: 'mcporter',
  transports: ['stdio', 'http'],
  // The server is named on the command line; nothing to write beforehand.
  server: () => ({}),
  faces: [
    {
      name: 'list',
      args: (context) => ['list', ...adHocServer(context), '--schema'],
      speaks: '`mcporter list` on a server named ad hoc, listing its tools with their schemas',
      session: false,
      cannotShow: 'its daemon and keep-alive servers; a tool call; what reaches a model (it has none)',
    },
  ],
  timeLimit: 60,
  cannotShow: 'a model: mcporter has none, so nothing here says what reaches one',
};
