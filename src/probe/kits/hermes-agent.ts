/**
 * Hermes Agent (`hermes-agent[mcp]`, PyPI) 0.19.0, the newest release that runs on Python 3.11 (it
 * pins mcp 1.26.0): servers under `mcp_servers` and a custom OpenAI-compatible model in
 * `~/.hermes/config.yaml`; `hermes -z` runs one prompt and exits.
 */
import { serverUrl, type Kit } from './kit.ts';

/** A YAML scalar: JSON's string form is one. */
const yaml = (text: string) => JSON.stringify(text);

/** The Hermes Agent kit. */
export const hermesAgent: Kit = {
  client: 'hermes-agent',
  package: 'hermes-agent',
  registry: 'pypi',
  requires: (version) => [`hermes-agent[mcp]==${version}`],
  bin: 'hermes',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: `${context.home}/.hermes/config.yaml`,
        text: [
          'mcp_servers:',
          `  ${context.name}:`,
          ...(context.server.transport === 'stdio'
            ? [
                `    command: ${yaml(context.server.launch.command)}`,
                `    args: [${context.server.launch.args.map(yaml).join(', ')}]`,
              ]
            : [`    url: ${yaml(serverUrl(context))}`]),
          '',
        ].join('\n'),
      },
    ],
  }),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: `${home}/.hermes/config.yaml`,
          text: ['model:', '  provider: "custom"', `  base_url: ${yaml(`${modelUrl}/v1`)}`, '  default: "m"', ''].join('\n'),
        },
      ],
      env: { OPENAI_API_KEY: 'dummy-offline-key', PYTHONDONTWRITEBYTECODE: '1' },
    }),
  },
  faces: [
    {
      name: 'oneshot',
      args: ({ prompt }) => ['-z', prompt],
      speaks: 'the agent `hermes -z` runs once (one-shot), its model a custom OpenAI-compatible endpoint at the stand-in',
      session: true,
      cannotShow: 'the interactive CLI and the messaging gateway',
    },
  ],
  scenarioFace: 'oneshot',
  path: 'cli',
  timeLimit: 150,
  cannotShow: 'releases after 0.19.0, which need Python 3.13 or later (none here)',
};
