/**
 * Pydantic AI (`pydantic-ai-slim[mcp]`): an Agent with the probe as an MCPToolset (which wraps the
 * FastMCP client), its OpenAI model pointed at the stand-in through the environment.
 * `include_instructions` decides whether the server's instructions join the agent's.
 */
import { harnessKit } from './harness.ts';

/** The Pydantic AI harness. */
export const pydanticAi = harnessKit({
  client: 'pydantic-ai',
  package: 'pydantic-ai-slim',
  registry: 'pypi',
  // The page's install: the slim package with its mcp group; openai for the page's model.
  requires: (version) => [`pydantic-ai-slim[mcp,openai]==${version}`],
  language: 'python',
  file: 'pydantic-ai.py',
  doc: {
    url: 'https://github.com/pydantic/pydantic-ai/blob/9d50aff4d/docs/mcp/client.md',
    title: 'Client, Pydantic AI MCP docs: "Stdio", "Streamable HTTP" and "Server instructions"',
    date: '2026-08-21',
  },
  differs:
    'the task comes from the command line and the server from server.json (a URL, or a StdioTransport as the page builds one)',
  model:
    'the page’s `openai:` model; the OpenAI provider reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-responses',
  modelEnv: ({ modelUrl }) => ({
    OPENAI_BASE_URL: `${modelUrl}/v1`,
    OPENAI_API_KEY: 'dummy-offline-key',
    PYTHONDONTWRITEBYTECODE: '1',
  }),
  settings: [{ setting: 'include_instructions=true', speaks: 'the server’s instructions are added to the agent’s' }],
  speaks: 'Pydantic AI’s MCPToolset (the FastMCP client) in an Agent run',
  cannotShow: 'sampling and elicitation, which an application enables with callbacks',
});
