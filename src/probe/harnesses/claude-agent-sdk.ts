/**
 * The Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`): query() with the probe in mcpServers and
 * its tools allowed, the model pointed at the stand-in through ANTHROPIC_BASE_URL. The SDK runs
 * Claude Code's engine (a native binary from its platform package), so it shares Claude Code's MCP
 * client; its captures are its own.
 */
import { harnessKit } from './harness.ts';

/** The Claude Agent SDK harness. */
export const claudeAgentSdk = harnessKit({
  client: 'claude-agent-sdk',
  package: '@anthropic-ai/claude-agent-sdk',
  registry: 'npm',
  requires: () => ['zod@4'],
  language: 'node',
  file: 'claude-agent-sdk.mjs',
  doc: {
    url: 'https://www.npmjs.com/package/@anthropic-ai/claude-agent-sdk/v/0.3.337',
    title:
      '@anthropic-ai/claude-agent-sdk README: "Get started" (query); mcpServers and allowedTools as the Agent SDK’s MCP guide sets them',
    date: '2026-12-04',
  },
  differs: 'the server from server.json, the task from the command line',
  model: 'the engine reads ANTHROPIC_BASE_URL (the stand-in) and ANTHROPIC_API_KEY (a dummy key)',
  modelApi: 'anthropic-messages',
  modelEnv: ({ modelUrl }) => ({ ANTHROPIC_BASE_URL: modelUrl, ANTHROPIC_API_KEY: 'dummy-offline-key' }),
  speaks: 'the SDK’s query() on Claude Code’s engine',
  cannotShow: 'settings an application passes (permission modes, canUseTool); Claude Code’s own CLI, a separate client here',
  timeLimit: 150,
});
