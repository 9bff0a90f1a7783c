/**
 * fast-agent (`fast-agent-mcp`, PyPI) 0.2.x, the newest line that runs on Python 3.11: servers and
 * the model in `fastagent.config.yaml` in the working folder (its `generic` provider, an
 * OpenAI-compatible endpoint, pointed at the stand-in); `fast-agent go --message` runs one prompt.
 */
import { serverUrl, type Kit } from './kit.ts';

/**
 * The mcp SDK held for a release that names it only as a floor. 0.2.22 to 0.2.25 ask for
 * `mcp>=1.8.0`, which pip now meets with a far newer SDK, one that speaks revisions no 0.2 release
 * shipped with; they are held to 1.8.0, the version they name, the newest on 0.2.22's release day
 * and the one 0.2.26 pins exactly. Releases that pin mcp exactly (0.2.26 on) need nothing.
 */
export const mcpFor = (version: string): readonly string[] => (/^0\.2\.2[2-5]$/.test(version) ? ['mcp==1.8.0'] : []);

/** A YAML scalar: JSON's string form is one. */
const yaml = (text: string) => JSON.stringify(text);

/** The fast-agent kit. */
export const fastAgent: Kit = {
  client: 'fast-agent',
  package: 'fast-agent-mcp',
  registry: 'pypi',
  // 0.2.x leaves two dependencies open that later broke it: its pinned mcp 1.x imports a private
  // pydantic helper that pydantic removed after 2.11, and a2a-sdk 1.x turned the types it builds at
  // import into protobuf messages without the fields it sets. Both are held to the lines that were
  // current when 0.2.x was released; without them the program stops at its imports. Releases up to
  // 0.2.20 at least also import `deprecated` without declaring it (it came in through a dependency
  // that later dropped it).
  requires: (version) => ['pydantic<2.12', 'a2a-sdk<0.3', 'deprecated', ...mcpFor(version)],
  bin: 'fast-agent',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: `${context.work}/fastagent.config.yaml`,
        text: [
          'mcp:',
          '  servers:',
          `    ${context.name}:`,
          ...(context.server.transport === 'stdio'
            ? [
                `      command: ${yaml(context.server.launch.command)}`,
                `      args: [${context.server.launch.args.map(yaml).join(', ')}]`,
              ]
            : ['      transport: "http"', `      url: ${yaml(serverUrl(context))}`]),
          '',
        ].join('\n'),
      },
    ],
  }),
  model: {
    api: 'openai-chat',
    // Top-level keys before the server's block, in the same file.
    setup: ({ work, modelUrl }) => ({
      files: [
        {
          path: `${work}/fastagent.config.yaml`,
          text: [
            'default_model: "generic.m"',
            'generic:',
            '  api_key: "dummy-offline-key"',
            `  base_url: ${yaml(`${modelUrl}/v1`)}`,
            '',
          ].join('\n'),
        },
      ],
      env: { PYTHONDONTWRITEBYTECODE: '1' },
    }),
  },
  faces: [
    {
      name: 'go',
      args: ({ prompt, name }) => ['go', '--servers', name, '--message', prompt],
      speaks:
        'the agent `fast-agent go --message` runs once, its model the generic (OpenAI-compatible) provider at the stand-in (0.2.22 to 0.2.25 beside mcp 1.8.0, the SDK version they name)',
      session: true,
      cannotShow: 'the interactive prompt; an agent program of one’s own',
    },
  ],
  scenarioFace: 'go',
  timeLimit: 120,
  cannotShow: 'the 0.10.x line on mcp 2.x, which needs Python 3.12 or later (none here)',
};
