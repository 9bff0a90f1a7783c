/**
 * The OpenAI Agents SDK for TypeScript (`@openai/agents`): an Agent with the probe as MCPServerStdio
 * (or MCPServerStreamableHttp), its model (the Responses API) pointed at the stand-in through the
 * OpenAI client's environment.
 */
import { harnessKit } from './harness.ts';

/** The OpenAI Agents SDK (TypeScript) harness. */
export const openaiAgentsJs = harnessKit({
  client: 'openai-agents-js',
  package: '@openai/agents',
  registry: 'npm',
  requires: () => ['zod@4'],
  language: 'node',
  file: 'openai-agents-js.mjs',
  doc: {
    url: 'https://github.com/openai/openai-agents-js/blob/b30b4f067833fac0a4ee2ab14846dc86771be3f4/docs/src/content/docs/guides/mcp.mdx',
    title:
      'Model Context Protocol (MCP), OpenAI Agents SDK for TypeScript guide: "3. Stdio MCP servers" (examples/docs/mcp/stdio.ts) and "2. Streamable HTTP MCP servers"',
    date: '2026-08-20',
  },
  differs:
    'command and args instead of fullCommand, from server.json; the task from the command line; the agent’s instructions name the lab',
  model: 'the OpenAI client reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-responses',
  modelEnv: ({ modelUrl }) => ({ OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_API_KEY: 'dummy-offline-key' }),
  speaks: 'the SDK’s MCPServerStdio in an Agent run by run()',
  cannotShow: 'hosted MCP tools (the Responses API’s own connection); tracing export (it has no network)',
});
