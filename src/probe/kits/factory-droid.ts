/**
 * Factory Droid. The wrapper `@factory/cli`'s platform package is missing at its latest version, so
 * the kit installs the platform package alone and runs its binary.
 */
import { stdioEntry, type Kit } from './kit.ts';

/** The Factory Droid kit. */
export const factoryDroid: Kit = {
  client: 'factory-droid',
  package: '@factory/cli-linux-x64',
  bin: 'droid',
  program: (prefix) => `${prefix}/node_modules/@factory/cli-linux-x64/bin/droid`,
  transports: ['stdio'],
  server: (context) => ({
    files: [
      {
        path: `${context.home}/.factory/mcp.json`,
        json: { mcpServers: { [context.name]: stdioEntry(context, { type: 'stdio', disabled: false }) } },
      },
    ],
  }),
  // Bring-your-own-key: a custom model in settings.json, chosen with `-m custom:<name>-<index>`.
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: `${home}/.factory/settings.json`,
          json: {
            customModels: [
              {
                displayName: 'lab',
                model: 'm',
                baseUrl: `${modelUrl}/v1`,
                apiKey: 'dummy-offline-key',
                provider: 'generic-chat-completion-api',
                maxOutputTokens: 1000,
              },
            ],
          },
        },
      ],
    }),
  },
  faces: [
    {
      name: 'byok-session',
      args: ({ prompt }) => ['exec', '--auto', 'high', '-m', 'custom:lab-0', prompt],
      speaks: 'the session client (clientInfo factory-cli) with a bring-your-own-key model, answered by the stand-in model',
      session: true,
      timeLimit: 120,
      cannotShow: 'the Factory-hosted models, which need a login',
    },
    {
      name: 'session',
      // The session connects its servers, then stops at the missing login by itself; `mcp list` is absent before 0.215.
      args: ({ prompt }) => ['exec', prompt],
      prompt: 'say-hi-please',
      speaks: 'the session client (clientInfo factory-cli), before it stops for want of a login',
      session: false,
      cannotShow: 'anything after tools/list: its model turns go through a Factory login',
    },
  ],
  scenarioFace: 'byok-session',
  timeLimit: 30,
  cannotShow: 'the Factory-hosted models, which need a login',
};
