/**
 * The OpenAI Agents SDK for Python (`openai-agents`): an Agent with the probe as a local MCP server,
 * its model (the Responses API, the SDK's default) pointed at the stand-in through the OpenAI
 * client's environment. `use_structured_content` decides whether a result's structuredContent or
 * its content blocks reach the model.
 */
import { harnessKit } from './harness.ts';

/** The OpenAI Agents SDK (Python) harness. */
export const openaiAgentsPython = harnessKit({
  client: 'openai-agents-python',
  package: 'openai-agents',
  registry: 'pypi',
  language: 'python',
  file: 'openai-agents-python.py',
  doc: {
    url: 'https://github.com/openai/openai-agents-python/blob/80e1baaef/docs/mcp.md',
    title:
      'Model context protocol (MCP), OpenAI Agents SDK for Python docs: "4. stdio MCP servers" and "2. Streamable HTTP MCP servers"',
    date: '2026-08-11',
  },
  differs:
    'the task comes from the command line and the server from server.json; the agent’s name and instructions are the page’s',
  model: 'the OpenAI client reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-responses',
  modelEnv: ({ modelUrl }) => ({
    OPENAI_BASE_URL: `${modelUrl}/v1`,
    OPENAI_API_KEY: 'dummy-offline-key',
    PYTHONDONTWRITEBYTECODE: '1',
  }),
  settings: [
    { setting: 'use_structured_content=true', speaks: 'a result’s structuredContent is preferred over its content blocks' },
  ],
  speaks: 'the SDK’s MCPServerStdio in an Agent run by Runner.run',
  cannotShow: 'hosted MCP tools (the Responses API’s own connection); tracing export (it has no network)',
});
