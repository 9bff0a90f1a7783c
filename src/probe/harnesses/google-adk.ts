/**
 * Google's Agent Development Kit (`google-adk[mcp]`): an LlmAgent with the probe as an McpToolset,
 * its Gemini model pointed at the stand-in through google-genai's base URL variable.
 */
import { harnessKit } from './harness.ts';

/** The Google ADK harness. */
export const googleAdk = harnessKit({
  client: 'google-adk',
  package: 'google-adk',
  registry: 'pypi',
  requires: (version) => [`google-adk[mcp]==${version}`],
  language: 'python',
  file: 'google-adk.py',
  doc: {
    url: 'https://github.com/google/adk-docs/blob/6b8b0860/docs/tools-custom/mcp-tools.md',
    title:
      'Model Context Protocol Tools, ADK docs: "Example 1", the agent with McpToolset; run as docs/apps/index.md runs an agent (InMemoryRunner.run_debug)',
    date: '2026-08-13',
  },
  differs:
    'the task comes from the command line instead of adk web, the server from server.json; the agent’s name and instruction name the lab server',
  model: 'google-genai reads GOOGLE_GEMINI_BASE_URL (the stand-in) and GOOGLE_API_KEY (a dummy key)',
  modelApi: 'gemini',
  modelEnv: ({ modelUrl }) => ({
    GOOGLE_GEMINI_BASE_URL: modelUrl,
    GOOGLE_API_KEY: 'dummy-offline-key',
    PYTHONDONTWRITEBYTECODE: '1',
  }),
  speaks: 'ADK’s McpToolset in an LlmAgent run by InMemoryRunner',
  cannotShow: 'adk web’s UI; sampling and elicitation, which an application enables itself',
});
