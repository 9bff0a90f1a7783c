/**
 * LLM (`llm`, Simon Willison's CLI) with the `llm-tools-mcp` plugin (PyPI), the plugin being the MCP
 * client: servers in `~/.llm-tools-mcp/mcp.json`, the model an OpenAI-compatible entry in
 * `extra-openai-models.yaml` pointed at the stand-in; `llm -T MCP` runs one prompt with the
 * plugin's toolbox. The plugin's versions are the client's; LLM itself is installed beside it: its
 * newest release for plugin 0.4 on, LLM 0.26 for the releases before (see `llmFor`).
 */
import type { Kit } from './kit.ts';

/**
 * The LLM release installed beside a plugin version. Plugin 0.1 to 0.3 (May 2025) were written for
 * LLM 0.26, whose toolboxes gave their tools through an overridable `method_tools()`; LLM 0.27 made
 * that a class method it no longer asks an instance, so beside today's LLM those plugins register
 * a toolbox with no tools and never start a server. Plugin 0.4 adds its tools with `add_tool()`, the
 * 0.27 API, and asks for LLM 0.27.1 or later.
 */
export const llmFor = (version: string): string => (/^0\.[0-3](?:\D|$)/.test(version) ? 'llm==0.26' : 'llm');

/** LLM's configuration folder under a home (click's app dir on Linux). */
const llmDir = (home: string) => `${home}/.config/io.datasette.llm`;

/** The LLM + llm-tools-mcp kit. */
export const llm: Kit = {
  client: 'llm',
  package: 'llm-tools-mcp',
  registry: 'pypi',
  // The plugin asks for mcp>=1.9.1 with no ceiling; mcp 2.x removed the streamablehttp_client it
  // imports, so it is held to the 1.x line it was written against.
  requires: (version) => [llmFor(version), 'mcp<2'],
  bin: 'llm',
  transports: ['stdio'],
  server: (context) => ({
    files: [
      {
        path: `${context.home}/.llm-tools-mcp/mcp.json`,
        json: {
          mcpServers: {
            [context.name]:
              context.server.transport === 'stdio'
                ? { command: context.server.launch.command, args: context.server.launch.args }
                : {},
          },
        },
      },
    ],
  }),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: `${llmDir(home)}/extra-openai-models.yaml`,
          text: `- model_id: lab\n  model_name: gpt-4o-mini\n  api_base: ${JSON.stringify(`${modelUrl}/v1`)}\n  supports_tools: true\n`,
        },
      ],
      env: { OPENAI_API_KEY: 'dummy-offline-key', PYTHONDONTWRITEBYTECODE: '1' },
    }),
  },
  faces: [
    {
      name: 'session',
      // No --ta: the README recommends approving each call, but it is not the default and needs a terminal.
      args: ({ prompt }) => ['-m', 'lab', '-T', 'MCP', prompt],
      speaks:
        'the plugin’s MCP toolbox in one `llm -T MCP` prompt, its model an OpenAI-compatible entry at the stand-in (plugin releases before 0.4 beside LLM 0.26, the release they were written for)',
      session: true,
      cannotShow: 'approvals (--ta); chat mode',
    },
  ],
  scenarioFace: 'session',
  path: 'cli',
  timeLimit: 120,
  cannotShow: 'what a real model would choose to call',
};
