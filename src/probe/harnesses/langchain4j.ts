/**
 * LangChain4j's MCP client (`dev.langchain4j:langchain4j-mcp`, Maven Central): a DefaultMcpClient on
 * a stdio transport, its tools bound to an AiServices bot with OpenAiChatModel pointed at the
 * stand-in. Run with Java's single-file source launcher against the jars Maven copied.
 */
import { harnessKit } from './harness.ts';

/** The core version a langchain4j-mcp version pairs with: its own without the beta suffix (1.18.1-beta28 → 1.18.1). */
export const langchain4jCore = (version: string): string => version.replace(/-beta\d+$/, '');

/** The LangChain4j harness. */
export const langchain4j = harnessKit({
  client: 'langchain4j',
  package: 'dev.langchain4j:langchain4j-mcp',
  registry: 'maven',
  requires: (version) => [
    `dev.langchain4j:langchain4j:${langchain4jCore(version)}`,
    `dev.langchain4j:langchain4j-open-ai:${langchain4jCore(version)}`,
  ],
  language: 'java',
  file: 'Langchain4jHarness.java',
  doc: {
    url: 'https://github.com/langchain4j/langchain4j/blob/7f4e99fd63/docs/docs/tutorials/mcp.md',
    title:
      'Model Context Protocol (MCP), LangChain4j tutorials: "Creating an MCP tool provider", "Protocol Version" and "Developing the Tool Provider"',
    date: '2026-08-13',
  },
  differs:
    'the server from server.json instead of Docker, the model’s base URL set (the page sets only its key), no request or event logging',
  model: 'OpenAiChatModel’s baseUrl and apiKey, from OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-chat',
  modelEnv: ({ modelUrl }) => ({ OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_API_KEY: 'dummy-offline-key' }),
  settings: [
    { setting: 'protocolVersion=2025-11-25', speaks: 'the legacy protocol forced' },
    { setting: 'protocolVersion=2026-07-28', speaks: 'the modern protocol forced' },
  ],
  speaks: 'LangChain4j’s DefaultMcpClient through an McpToolProvider in an AI service',
  cannotShow: 'the WebSocket and Docker transports',
  timeLimit: 150,
});
