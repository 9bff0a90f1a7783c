/**
 * MCPHost (`github.com/mark3labs/mcphost`, Go, from the module proxy): servers in
 * `~/.mcphost.json` under `mcpServers`; `mcphost -p` runs one prompt non-interactively against an
 * OpenAI-compatible provider at `--provider-url`, its key from OPENAI_API_KEY. The Go module proxy
 * refuses the module's version list (403) while serving tagged versions one by one, so every run names its
 * version, and the installer builds the downloaded module rather than `go install` it (install.ts).
 * Tags before v0.33.3 pin `github.com/bytedance/sonic` v1.14.1 (a JSON library; the MCP client is
 * `github.com/mark3labs/mcp-go`), which does not build with this Go (1.26), nor does v1.14.2: those
 * tags are built with sonic raised to v1.15.0, the version v0.33.3 and v0.33.4 pin, and their
 * captures' `package` says so.
 */
import { serverUrl, type Kit } from './kit.ts';

/** Tags run here whose pinned sonic does not build with Go 1.26: built with the sonic v0.33.4 pins. */
const sonicRaised = new Set(['v0.32.0', 'v0.33.2']);

/** The MCPHost kit. */
export const mcphost: Kit = {
  client: 'mcphost',
  package: 'github.com/mark3labs/mcphost',
  registry: 'go',
  requires: (version) => (sonicRaised.has(version) ? ['github.com/bytedance/sonic@v1.15.0'] : []),
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
