/**
 * Strands Agents (`strands-agents[openai]`): an Agent with the probe as an MCPClient, its model
 * Strands' OpenAI provider pointed at the stand-in (Strands' default model is Amazon Bedrock).
 */
import { harnessKit } from './harness.ts';

/** The Strands Agents harness. */
export const strandsAgents = harnessKit({
  client: 'strands-agents',
  package: 'strands-agents',
  registry: 'pypi',
  requires: (version) => [`strands-agents[openai]==${version}`],
  language: 'python',
  file: 'strands-agents.py',
  doc: {
    url: 'https://github.com/strands-agents/docs/blob/e1f5910d/site/src/content/docs/user-guide/concepts/tools/mcp-tools.mdx',
    title:
      'Model Context Protocol (MCP) Tools, Strands Agents docs: "Quick Start"; the model as model-providers/openai.mdx builds one for an OpenAI-compatible server',
    date: '2026-05-22',
  },
  differs:
    'the model is the OpenAI provider (the default, Amazon Bedrock, cannot be pointed at the stand-in); the server comes from server.json, the task from the command line',
  model:
    'OpenAIModel’s client_args: base_url the stand-in’s /v1 and a dummy api_key, passed in LAB_OPENAI_URL and LAB_OPENAI_KEY',
  modelApi: 'openai-chat',
  modelEnv: ({ modelUrl }) => ({
    LAB_OPENAI_URL: `${modelUrl}/v1`,
    LAB_OPENAI_KEY: 'dummy-offline-key',
    PYTHONDONTWRITEBYTECODE: '1',
  }),
  speaks: 'Strands’ MCPClient as a tool provider of an Agent',
  cannotShow: 'Strands’ default model (Amazon Bedrock); elicitation, which an application enables with a callback',
});
