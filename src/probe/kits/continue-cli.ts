/**
 * Continue CLI (`@continuedev/cli`): one `~/.continue/config.yaml` (written as JSON, which YAML reads)
 * with an OpenAI-style model and the MCP servers, passed with `--config`; `--auto` runs tools unasked.
 */
import { serverUrl, type Kit } from './kit.ts';

const configPath = (home: string) => `${home}/.continue/config.yaml`;

/** The Continue CLI kit. */
export const continueCli: Kit = {
  client: 'continue-cli',
  package: '@continuedev/cli',
  bin: 'cn',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: configPath(context.home),
        json: {
          name: 'canimcp-lab',
          version: '0.0.1',
          schema: 'v1',
          mcpServers: [
            context.server.transport === 'stdio'
              ? { name: context.name, command: context.server.launch.command, args: context.server.launch.args }
              : { name: context.name, type: 'streamable-http', url: serverUrl(context) },
          ],
        },
      },
    ],
  }),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: configPath(home),
          json: {
            models: [
              {
                name: 'm',
                provider: 'openai',
                model: 'm',
                apiKey: 'dummy-offline-key',
                apiBase: `${modelUrl}/v1`,
                roles: ['chat'],
              },
            ],
          },
        },
      ],
      env: { CONTINUE_CLI_DISABLE_TELEMETRY: '1' },
    }),
  },
  faces: [
    {
      name: 'session',
      args: ({ home, prompt }) => ['--config', configPath(home), '-p', prompt, '--auto'],
      prompt: 'say hi please',
      speaks: 'the headless session client (clientInfo continue-cli-client), its model turns answered by the stand-in model',
      session: true,
      cannotShow: 'the Continue IDE extensions',
    },
  ],
  scenarioFace: 'session',
  // Continue does no OAuth itself: on a 401 its full-screen interface runs `npx -y mcp-remote <url>`
  // as a stdio server, and mcp-remote signs in. Print mode (`-p`) never does.
  helper: 'mcp-remote',
  signIn: () => ({
    face: {
      name: 'tui',
      args: ({ home }) => ['--config', configPath(home)],
      // mcp-remote signs in at start-up, unasked; the session is held in the same interface, and
      // each tool call asks to go on (Tab).
      steps: ({ prompt }) => [
        { until: 'signed-in', seconds: 120 },
        { pause: 5000 },
        { text: prompt },
        { pause: 300 },
        { keys: ['Enter'] },
        { until: 'called', seconds: 90, answer: { when: /Would you like to continue/, keys: ['Tab'] } },
        { pause: 3000 },
        { keys: ['C-c'] },
        { pause: 500 },
        { keys: ['C-c'] },
        { pause: 500 },
        { keys: ['C-d'] },
        { until: 'exit', seconds: 20 },
      ],
      speaks: 'the full-screen interface, whose sign-in is mcp-remote’s (the helper its capture names)',
      cannotShow:
        'a sign-in by Continue itself (it has none); a client registered beforehand (Continue starts mcp-remote with fixed arguments)',
      timeLimit: 300,
    },
  }),
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call',
};
