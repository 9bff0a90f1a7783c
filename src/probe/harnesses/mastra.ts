/**
 * Mastra (`@mastra/mcp`): an MCPClient whose tools go to a Mastra Agent with an OpenAI model (the
 * model router's `openai/…`) pointed at the stand-in through the environment.
 */
import { harnessKit } from './harness.ts';

/** The Mastra MCP client harness. */
export const mastra = harnessKit({
  client: 'mastra',
  package: '@mastra/mcp',
  registry: 'npm',
  requires: () => ['@mastra/core@1', 'zod@4'],
  language: 'node',
  file: 'mastra.mjs',
  doc: {
    url: 'https://www.npmjs.com/package/@mastra/mcp/v/2.0.0',
    title: '@mastra/mcp 2.0.0 README: "Usage" (MCPClient, listTools), with an Agent as Mastra’s agent docs build one',
    date: '2026-09-22',
  },
  differs:
    'a stdio command (the README shows a URL; it says a stdio command works the same), the server from server.json, the task from the command line',
  model: 'the model router’s `openai/gpt-4o` reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-responses',
  modelEnv: ({ modelUrl }) => ({ OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_API_KEY: 'dummy-offline-key' }),
  speaks: 'Mastra’s MCPClient with a Mastra Agent',
  cannotShow: 'sampling and elicitation handlers, which an application adds',
});
