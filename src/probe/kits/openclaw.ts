/**
 * OpenClaw (`openclaw` on npm), the personal agent whose embedded runtime has an MCP client of its
 * own (servers saved under `mcp.servers` in `~/.openclaw/openclaw.json`). `openclaw agent exec` (from
 * 2026.8.1; `openclaw agent --local` before it) runs one embedded turn without its Gateway, against
 * the ordinary config: the model is a custom provider there (OpenAI Chat Completions at the stand-in),
 * the server an `mcp.servers` entry.
 */
import { isOlder } from '../../lib/evidence/versions.ts';
import { serverUrl, type Kit, type KitContext } from './kit.ts';

/** Whether the version has `agent exec`, the headless one-turn command (its changelog: 2026.8.1). */
export const hasAgentExec = (version: string): boolean => !isOlder(version, '2026.8.1');

/** One embedded turn on the prompt: `agent exec`, or before it `agent --local` on the default agent. */
const turnArgs = ({ prompt, version }: KitContext): string[] =>
  hasAgentExec(version)
    ? ['agent', 'exec', prompt, '--model', 'lab/m', '--json']
    : ['agent', '--local', '--agent', 'main', '--message', prompt, '--model', 'lab/m', '--json'];

/** The server entry: stdio, or Streamable HTTP (OpenClaw's default for a URL is the old SSE transport). */
const serverEntry = (context: KitContext): Record<string, unknown> =>
  context.server.transport === 'stdio'
    ? { command: context.server.launch.command, args: context.server.launch.args }
    : { url: serverUrl(context), transport: 'streamable-http' };

/** The OpenClaw kit. */
export const openclaw: Kit = {
  client: 'openclaw',
  package: 'openclaw',
  bin: 'openclaw',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: `${context.home}/.openclaw/openclaw.json`,
        json: { mcp: { servers: { [context.name]: serverEntry(context) } } },
      },
    ],
  }),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: `${home}/.openclaw/openclaw.json`,
          json: {
            agents: { defaults: { model: { primary: 'lab/m' } } },
            models: {
              mode: 'merge',
              providers: {
                lab: {
                  baseUrl: `${modelUrl}/v1`,
                  apiKey: 'dummy-offline-key',
                  api: 'openai-completions',
                  models: [{ id: 'm', name: 'm', input: ['text'], contextWindow: 128000, maxTokens: 4096 }],
                },
              },
            },
          },
        },
      ],
    }),
  },
  faces: [
    {
      name: 'exec',
      args: turnArgs,
      prompt: 'hi',
      speaks:
        'the MCP client of the embedded runtime in `openclaw agent exec` (`openclaw agent --local` before 2026.8.1): one turn, no Gateway, at its defaults',
      session: true,
      cannotShow: 'the Gateway and its channels; the interactive interface',
    },
  ],
  timeLimit: 240,
  cannotShow: 'what a real model would choose to call; OAuth',
};
