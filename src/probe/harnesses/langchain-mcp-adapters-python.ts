/**
 * LangChain's MCP adapters for Python (`langchain-mcp-adapters`): a MultiServerMCPClient whose tools
 * go to a LangChain agent, its OpenAI model pointed at the stand-in through the environment. By
 * default the client opens a new session for every tool call (the README says so).
 */
import { harnessKit } from './harness.ts';

/** The LangChain MCP adapters (Python) harness. */
export const langchainMcpAdaptersPython = harnessKit({
  client: 'langchain-mcp-adapters-python',
  package: 'langchain-mcp-adapters',
  registry: 'pypi',
  // The README's install line: the agent and its OpenAI model beside the adapters.
  // Before 0.3 the adapters import names that mcp 2.x removed (RequestContext) while asking for mcp
  // with no ceiling, so those releases are held to mcp 1.x.
  requires: (version) => ['langgraph', 'langchain[openai]', ...(/^0\.[0-2]\./.test(version) ? ['mcp<2'] : [])],
  language: 'python',
  file: 'langchain-mcp-adapters-python.py',
  doc: {
    url: 'https://github.com/langchain-ai/langchain-mcp-adapters/blob/ef4b4d6/README.md',
    title: 'LangChain MCP Adapters README: "Multiple MCP Servers", the client',
    date: '2026-06-09',
  },
  differs: 'one server instead of two, named lab, from server.json; the task comes from the command line',
  model:
    'the README’s `openai:` model; langchain-openai reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-chat',
  modelEnv: ({ modelUrl }) => ({
    OPENAI_BASE_URL: `${modelUrl}/v1`,
    OPENAI_API_KEY: 'dummy-offline-key',
    PYTHONDONTWRITEBYTECODE: '1',
  }),
  speaks: 'the adapters’ MultiServerMCPClient with a LangChain agent (create_agent)',
  cannotShow: 'an explicit session (client.session), which keeps one session for every call',
});
