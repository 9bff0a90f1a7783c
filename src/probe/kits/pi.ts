/**
 * pi, the coding agent (`@earendil-works/pi-coding-agent`; `@mariozechner/pi-coding-agent` until
 * 0.73.1). Its MCP client is built in from 0.99.0 (before that only an extension, `pi-mcp-adapter`,
 * gave it one). The model is a custom provider in `~/.pi/agent/models.json` (OpenAI Chat Completions
 * at the stand-in); the servers are in `~/.pi/agent/mcp.json`. By default a server's tools are
 * reached only from model-written `codemode` scripts, which the stand-in model does not write: the
 * scenario face gives the server `direct` exposure, so its tools are declared to the model as
 * `mcp__<server>__<tool>`.
 */
import { serverUrl, type Kit, type KitContext } from './kit.ts';

/** The server entry, with what a face adds to it. */
const serverEntry = (context: KitContext, extra: Record<string, unknown> = {}): Record<string, unknown> =>
  context.server.transport === 'stdio'
    ? { command: context.server.launch.command, args: context.server.launch.args, ...extra }
    : { url: serverUrl(context), ...extra };

/** The arguments of a print-mode run with the stand-in provider; startup network operations off. */
const printArgs = ({ prompt }: KitContext): string[] => ['-p', prompt, '--provider', 'lab', '--model', 'm', '--offline'];

/** The pi kit. */
export const pi: Kit = {
  client: 'pi',
  package: '@earendil-works/pi-coding-agent',
  bin: 'pi',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [{ path: `${context.home}/.pi/agent/mcp.json`, json: { mcpServers: { [context.name]: serverEntry(context) } } }],
  }),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: `${home}/.pi/agent/models.json`,
          json: {
            providers: {
              lab: {
                baseUrl: `${modelUrl}/v1`,
                api: 'openai-completions',
                apiKey: 'dummy-offline-key',
                models: [{ id: 'm' }],
              },
            },
          },
        },
      ],
    }),
  },
  faces: [
    {
      name: 'session',
      args: printArgs,
      prompt: 'hi',
      speaks: 'the built-in MCP client of `pi -p` (print mode) at its defaults, its model turns answered by the stand-in model',
      session: true,
      cannotShow:
        'the interactive interface; tool calls, which at the default `codemode` exposure only a model-written script makes',
    },
    {
      name: 'session-direct',
      args: printArgs,
      prompt: 'hi',
      speaks:
        "the same client with the server's `exposure` set to `direct`, so its tools are declared to the model as `mcp__<server>__<tool>`",
      session: true,
      setting: 'exposure=direct',
      setup: (context) => ({
        files: [
          {
            path: `${context.home}/.pi/agent/mcp.json`,
            json: { mcpServers: { [context.name]: { exposure: 'direct' } } },
          },
        ],
      }),
      cannotShow: 'the interactive interface; tools as the default exposure reaches them (codemode scripts)',
    },
  ],
  scenarioFace: 'session-direct',
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call; OAuth',
};
