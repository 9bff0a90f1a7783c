/**
 * The AI SDK's MCP client (`@ai-sdk/mcp`, Vercel): createMCPClient with the AI SDK's own stdio
 * transport (or its HTTP transport), its tools given to generateText with an OpenAI model pointed
 * at the stand-in through the environment.
 */
import { harnessKit } from './harness.ts';

/** The AI SDK at the major version that pairs with an @ai-sdk/mcp version. */
const aiFor = (version: string) => (version.startsWith('1.') ? ['ai@6', '@ai-sdk/openai@3'] : ['ai@7', '@ai-sdk/openai@4']);

/** The AI SDK MCP client harness. */
export const vercelAiSdk = harnessKit({
  client: 'vercel-ai-sdk',
  package: '@ai-sdk/mcp',
  registry: 'npm',
  requires: (version) => [...aiFor(version), 'zod@4'],
  language: 'node',
  file: 'vercel-ai-sdk.mjs',
  doc: {
    url: 'https://github.com/vercel/ai/blob/1f29230c8e/content/docs/03-ai-sdk-core/16-mcp-tools.mdx',
    title: 'MCP Tools, AI SDK Core docs: "Stdio Transport (Local Servers)", "HTTP Transport", "Closing the MCP Client"',
    date: '2026-08-18',
  },
  differs:
    'the AI SDK’s own stdio transport (the page’s commented alternative; its first choice is the MCP TypeScript SDK’s), generateText with stopWhen: stepCountIs(10) so results go back to the model (it stops after one step otherwise), the server from server.json',
  model: 'openai() from @ai-sdk/openai reads OPENAI_BASE_URL (the stand-in’s /v1) and OPENAI_API_KEY (a dummy key)',
  modelApi: 'openai-responses',
  modelEnv: ({ modelUrl }) => ({ OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_API_KEY: 'dummy-offline-key' }),
  speaks: 'the AI SDK’s createMCPClient with generateText',
  cannotShow: 'the MCP TypeScript SDK’s transports, which the page also shows; elicitation, which an application enables itself',
});
