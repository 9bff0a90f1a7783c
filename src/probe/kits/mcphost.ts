/**
 * MCPHost (`github.com/mark3labs/mcphost`, Go, from the module proxy): servers in
 * `~/.mcphost.json` under `mcpServers`; `mcphost -p` runs one prompt non-interactively against an
 * OpenAI-compatible provider at `--provider-url`, its key from OPENAI_API_KEY. The Go module proxy
 * refuses the module's version list (403) while serving tagged versions one by one, so every run names its
 * version, and the installer builds the downloaded module rather than `go install` it (install.ts).
 */
import { serverUrl, type Kit } from './kit.ts';

/** The MCPHost kit. */
export const mcphost: Kit = {
  client: 'mcphost',
  package: 'github.com/mark3labs/mcphost',
  registry: 'go',
  bin: 'mcphost',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: `${context.home}/.mcphost.json`,
        json: {
          mcpServers: {
            [context.name]:
              context.server.transport === 'stdio'
                ? { command: context.server.launch.command, args: context.server.launch.args }
                : { type: 'remote', url: serverUrl(context) },
          },
        },
      },
    ],
  }),
  model: { api: 'openai-chat', setup: () => ({ env: { OPENAI_API_KEY: 'dummy-offline-key' } }) },
  faces: [
    {
      name: 'session',
      args: ({ prompt, modelUrl }) => ['-p', prompt, '--model', 'openai:gpt-4o', '--provider-url', `${modelUrl}/v1`],
      speaks: 'the session client of `mcphost -p` (non-interactive), its model an OpenAI-compatible provider at the stand-in',
      session: true,
      cannotShow: 'the interactive terminal UI',
    },
  ],
  scenarioFace: 'session',
  timeLimit: 120,
  cannotShow: 'OAuth; what a real model would choose to call',
};
