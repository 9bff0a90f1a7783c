/**
 * Qwen Code (`@qwen-code/qwen-code`), a Gemini CLI fork: servers in `~/.qwen/settings.json`, the model
 * an OpenAI Chat Completions endpoint from `OPENAI_BASE_URL` once the auth type is `openai`. MCP tools
 * reach the model through its own tool-search and tool-call bridge tools (STACK.md).
 */
import { geminiStyleServer } from './gemini-settings.ts';
import type { Kit } from './kit.ts';

/** The Qwen Code kit. */
export const qwenCode: Kit = {
  client: 'qwen-code',
  package: '@qwen-code/qwen-code',
  bin: 'qwen',
  transports: ['stdio', 'http'],
  server: geminiStyleServer('.qwen'),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [{ path: `${home}/.qwen/settings.json`, json: { security: { auth: { selectedType: 'openai' } } } }],
      env: { OPENAI_API_KEY: 'dummy-offline-key', OPENAI_BASE_URL: `${modelUrl}/v1`, OPENAI_MODEL: 'm' },
    }),
  },
  faces: [
    {
      name: 'session',
      args: ({ prompt }) => ['-p', prompt],
      prompt: 'hi',
      speaks: 'the session client (clientInfo qwen-cli-mcp-client-<server name>), its model turns answered by the stand-in model',
      session: true,
      cannotShow: 'the interactive face',
    },
    {
      name: 'health-check',
      args: () => ['mcp', 'list'],
      speaks: 'a separate health-check client (clientInfo mcp-test-client 0.0.1), not the one a session uses',
      session: false,
      timeLimit: 30,
      cannotShow: "the session client's handshake",
    },
  ],
  scenarioFace: 'session',
  signIn: () => ({
    face: {
      name: 'tui',
      args: () => [],
      // Its sign-in lives in the /mcp dialog: the server's page lists Reconnect, Disable, Authenticate.
      steps: () => [
        { wait: /Type your message/, seconds: 120 },
        { text: '/mcp' },
        { pause: 300 },
        { keys: ['Enter'] },
        { wait: /needs authentication/, seconds: 30 },
        { pause: 500 },
        { keys: ['Enter'] },
        // The server's own page (Reconnect, Disable, Authenticate): the list already shows the word
        // Authenticate, so waiting for it let the keys arrive before the page did.
        { wait: /Reconnect/, seconds: 20 },
        { pause: 1000 },
        { keys: ['Down', 'Down', 'Enter'] },
        { until: 'signed-in', seconds: 90 },
        { pause: 2000 },
        { keys: ['Escape'] },
        { pause: 500 },
        { keys: ['Escape'] },
        { pause: 500 },
        { text: '/quit' },
        { pause: 300 },
        { keys: ['Enter'] },
        { until: 'exit', seconds: 20 },
      ],
      speaks: 'the full-screen interface’s /mcp dialog (Authenticate), which signs the session client in',
      cannotShow: 'a sign-in with DISPLAY set',
      timeLimit: 300,
    },
    session: 'session',
    preregistered: 'secret',
  }),
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call',
};
