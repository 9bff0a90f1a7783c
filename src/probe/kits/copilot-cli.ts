/**
 * Copilot CLI (`@github/copilot`). Offline (bring-your-own-model) mode needs no GitHub login and
 * talks OpenAI Chat Completions to `COPILOT_PROVIDER_BASE_URL`; servers in `~/.copilot/mcp-config.json`.
 */
import { NO_SERVICE, serverUrl, stdioEntry, type Kit } from './kit.ts';

/** The Copilot CLI kit. */
export const copilotCli: Kit = {
  client: 'copilot-cli',
  package: '@github/copilot',
  bin: 'copilot',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: `${context.home}/.copilot/mcp-config.json`,
        json: {
          mcpServers: {
            [context.name]:
              context.server.transport === 'stdio'
                ? stdioEntry(context, { type: 'local', tools: ['*'] })
                : {
                    type: 'http',
                    url: serverUrl(context),
                    tools: ['*'],
                    // A client registered beforehand, as a public client: the configuration has no secret.
                    ...(context.preregistered === undefined
                      ? {}
                      : { oauthClientId: context.preregistered.clientId, oauthPublicClient: true }),
                  },
          },
        },
      },
    ],
  }),
  model: {
    api: 'openai-chat',
    setup: ({ modelUrl }) => ({
      env: {
        COPILOT_OFFLINE: 'true',
        COPILOT_PROVIDER_BASE_URL: `${modelUrl}/v1`,
        COPILOT_PROVIDER_API_KEY: 'dummy-offline-key',
        COPILOT_MODEL: 'm',
      },
    }),
  },
  faces: [
    {
      name: 'session',
      args: ({ prompt }) => ['-p', prompt, '--allow-all-tools'],
      prompt: 'say hi please',
      speaks: 'the session client in offline (bring-your-own-model) mode, its model turns answered by the stand-in model',
      session: true,
      cannotShow:
        'the signed-in mode (its GitHub MCP server, policies); versions before offline mode (0.0.x) need a GitHub token',
    },
    {
      // The face of the first captures, made before the kits: the handshake, then a model call that fails.
      name: 'dead-model',
      args: ({ prompt }) => ['-p', prompt],
      prompt: 'say hi please',
      setup: () => ({ env: { COPILOT_PROVIDER_BASE_URL: `${NO_SERVICE}/v1` } }),
      label: 'copilot -p "say hi please" (COPILOT_OFFLINE=true, a model provider on a dead loopback port)',
      speaks: 'the session client in offline (bring-your-own-model) mode, up to its first model call, which fails',
      session: false,
      transports: ['stdio'],
      timeLimit: 60,
      cannotShow:
        'any model turn (its model provider is a loopback port nothing answers on), so nothing a tool call or a server request shows; the signed-in mode; versions before offline mode (0.0.x)',
    },
  ],
  scenarioFace: 'session',
  signIn: () => ({
    face: {
      name: 'tui',
      args: () => [],
      // It signs in to a server that answers 401 at start-up, behind its folder-trust dialog, unasked.
      steps: () => [
        { until: 'signed-in', seconds: 120 },
        { pause: 2000 },
        { keys: ['C-c'] },
        { pause: 500 },
        { keys: ['C-c'] },
        { until: 'exit', seconds: 20 },
      ],
      speaks: 'the full-screen interface, which signs its servers in at start-up',
      cannotShow: 'a sign-in with DISPLAY set',
      timeLimit: 200,
    },
    session: 'session',
    preregistered: 'public',
  }),
  timeLimit: 180,
  cannotShow: 'a server→client request it does not answer holds the tool call until the server gives up',
};
