/**
 * The Python MCP SDK (`mcp` on PyPI, 2.x): the MCP docs' "Build an MCP client" Python program, its
 * `Client` attached to the probe and its Anthropic model pointed at the stand-in. `Client`'s `mode`
 * picks the era: `auto` (its default) probes `server/discover` before `initialize`, `legacy` only
 * initializes, a modern version adopts it without a probe.
 */
import { harnessKit } from './harness.ts';

/** The Python SDK's harness. */
export const pythonSdk = harnessKit({
  client: 'python-sdk',
  package: 'mcp',
  registry: 'pypi',
  // The tutorial's model SDK, pinned so every version of mcp runs the same program.
  requires: () => ['anthropic==2.17.0'],
  language: 'python',
  file: 'python-sdk.py',
  doc: {
    url: 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b25c0874/docs/docs/draft/develop/build-client.mdx',
    title: 'Build an MCP client (Python), modelcontextprotocol.io, the draft docs brought up to SDK v2',
    date: '2026-08-09',
  },
  differs:
    'the task comes from the command line instead of an interactive loop, the server from server.json instead of a script path, no .env is loaded, and the model is asked again after every round of tool calls until it stops asking (the tutorial answers one round)',
  model: 'the Anthropic SDK reads ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY (a dummy key)',
  modelApi: 'anthropic-messages',
  modelEnv: ({ modelUrl }) => ({
    ANTHROPIC_BASE_URL: modelUrl,
    ANTHROPIC_API_KEY: 'dummy-offline-key',
    PYTHONDONTWRITEBYTECODE: '1',
  }),
  settings: [
    { setting: 'mode=legacy', speaks: 'the initialize handshake only' },
    { setting: 'mode=2026-07-28', speaks: 'adopts 2026-07-28 without a probe' },
  ],
  speaks: 'the SDK’s Client in the tutorial’s program (clientInfo the SDK’s default)',
  cannotShow: 'what an application declares through callbacks (sampling, elicitation, roots): the tutorial passes none',
  timeLimit: 90,
});
