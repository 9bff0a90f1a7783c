/**
 * Gemini CLI (`@google/gemini-cli`). Servers in `~/.gemini/settings.json`, disabled until the working
 * folder is trusted; `trust: true` on the server runs its tools without a prompt. The session talks
 * Gemini `generateContent` to `GOOGLE_GEMINI_BASE_URL` once the auth type is the API key.
 */
import { isOlder } from '../../lib/evidence/versions.ts';
import { geminiStyleServer } from './gemini-settings.ts';
import type { Kit } from './kit.ts';

/**
 * Settings a version needs to run offline. 0.1.1 sends usage statistics to play.googleapis.com at
 * start-up and dies on the sandbox's failed DNS look-up (an unhandled rejection) unless the flat,
 * pre-0.3 key `usageStatisticsEnabled` is false; 0.1.4 no longer does.
 */
export const offlineSettings = (version: string): Record<string, unknown> =>
  isOlder(version, '0.1.4') ? { usageStatisticsEnabled: false } : {};

/** The Gemini CLI kit. */
export const geminiCli: Kit = {
  client: 'gemini-cli',
  package: '@google/gemini-cli',
  bin: 'gemini',
  transports: ['stdio', 'http'],
  server: geminiStyleServer('.gemini'),
  model: {
    api: 'gemini',
    // The base URL alone selects an auth type that `-p` refuses: the settings name the API key's.
    setup: ({ home, modelUrl, version }) => ({
      files: [
        {
          path: `${home}/.gemini/settings.json`,
          json: { security: { auth: { selectedType: 'gemini-api-key' } }, ...offlineSettings(version) },
        },
      ],
      env: { GEMINI_API_KEY: 'dummy-offline-key', GOOGLE_GEMINI_BASE_URL: modelUrl },
    }),
  },
  faces: [
    {
      name: 'session',
      args: ({ prompt }) => ['-p', prompt],
      prompt: 'hi',
      speaks: 'the session client (clientInfo gemini-cli-mcp-client), its model turns answered by the stand-in model',
      session: true,
      cannotShow: 'the interactive face',
    },
    {
      name: 'health-check',
      args: () => ['mcp', 'list'],
      speaks: 'a separate health-check client (clientInfo mcp-test-client 0.0.1), not the one a session uses',
      session: false,
      timeLimit: 60,
      cannotShow: "the session client's handshake: `mcp list` connects with its own health-check client",
    },
  ],
  scenarioFace: 'session',
  // 0.19.1, unbundled, takes over 20 s to start its servers on a loaded machine; the bundled ones take 2 to 5.
  timeLimit: 180,
  cannotShow: 'OAuth; what a real model would choose to call',
};
