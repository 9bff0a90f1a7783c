/**
 * LangChain.js MCP adapters (`@langchain/mcp-adapters`): a MultiServerMCPClient whose tools go to a
 * LangChain agent with ChatOpenAI pointed at the stand-in. `useStandardContentBlocks` (off by
 * default, recommended on for new applications) changes how a result's content reaches the model.
 */
import { harnessKit } from './harness.ts';

/** The LangChain.js MCP adapters harness. */
export const langchainMcpAdaptersJs = harnessKit({
  client: 'langchain-mcp-adapters-js',
  package: '@langchain/mcp-adapters',
  registry: 'npm',
  requires: () => ['langchain@1', '@langchain/core@1', '@langchain/langgraph@1', '@langchain/openai@1'],
  language: 'node',
  file: 'langchain-mcp-adapters-js.mjs',
  doc: {
    url: 'https://www.npmjs.com/package/@langchain/mcp-adapters/v/1.1.4',
    title: '@langchain/mcp-adapters 1.1.4 README: "Example: Connect to one or more servers via MultiServerMCPClient"',
    date: '2026-08-20',
  },
  differs:
    'the client’s options left at their defaults (the README sets several), one server named lab from server.json, createAgent given `model` (the README’s `llm` key is not createAgent’s)',
  model: 'ChatOpenAI’s OpenAI client reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-chat',
  modelEnv: ({ modelUrl }) => ({ OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_API_KEY: 'dummy-offline-key' }),
  settings: [{ setting: 'useStandardContentBlocks=true', speaks: 'results become LangChain’s standard content blocks' }],
  speaks: 'the adapters’ MultiServerMCPClient with a LangChain agent (createAgent)',
  cannotShow: 'tool hooks and notification callbacks, which an application adds',
});
