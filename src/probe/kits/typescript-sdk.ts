/**
 * The official TypeScript SDK (`@modelcontextprotocol/sdk`), two ways. Its harness
 * (src/probe/harnesses/typescript-sdk.mjs): the MCP docs' client tutorial, the SDK's `Client` with an
 * Anthropic model pointed at the stand-in. And the lab's own script: a script in the working folder
 * loads the installed SDK, connects its `Client` with nothing declared, lists the tools and closes
 * (CommonJS, so one script loads every 1.x version).
 */
import { harnessKit } from '../harnesses/harness.ts';
import type { Kit, KitContext } from './kit.ts';

const script = ({ prefix, server }: KitContext) => {
  if (server.transport !== 'stdio') throw new Error('the SDK kit runs over stdio');
  return `'use strict';
const { createRequire } = require('node:module');
const load = createRequire(${JSON.stringify(`${prefix}/node_modules/`)});
const { Client } = load('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = load('@modelcontextprotocol/sdk/client/stdio.js');
const client = new Client({ name: 'canimcp-sdk-recipe', version: '1.0.0' }, { capabilities: {} });
const transport = new StdioClientTransport({ command: ${JSON.stringify(server.launch.command)}, args: ${JSON.stringify(server.launch.args)}, stderr: 'ignore' });
client
  .connect(transport)
  .then(() => client.listTools())
  .then((result) => console.log('tools:', result.tools.map((tool) => tool.name).join(',')))
  .catch((error) => {
    console.log('failed:', error && error.message);
    process.exitCode = 1;
  })
  .finally(() => client.close());
`;
};

/** The harness: the docs' tutorial program on the SDK's Client, its model the Anthropic SDK. */
const harness = harnessKit({
  client: 'typescript-sdk',
  package: '@modelcontextprotocol/sdk',
  registry: 'npm',
  // The tutorial's model SDK, pinned so every version of the SDK runs the same program.
  requires: () => ['@anthropic-ai/sdk@0.71.0'],
  language: 'node',
  file: 'typescript-sdk.mjs',
  doc: {
    url: 'https://github.com/modelcontextprotocol/modelcontextprotocol/blob/860f1169/docs/docs/2025-11-25/develop/build-client.mdx',
    title: 'Build an MCP client (TypeScript), modelcontextprotocol.io, the 2025-11-25 docs (the SDK v1 packages)',
    date: '2026-07-28',
  },
  differs:
    'the task comes from the command line instead of a chat loop, the server from server.json, every tool is offered on every turn and the model is asked again after each result until it stops asking (the tutorial answers one tool call and offers no tools to its second request)',
  model: 'the Anthropic SDK reads ANTHROPIC_BASE_URL (the stand-in) and ANTHROPIC_API_KEY (a dummy key)',
  modelApi: 'anthropic-messages',
  modelEnv: ({ modelUrl }) => ({ ANTHROPIC_BASE_URL: modelUrl, ANTHROPIC_API_KEY: 'dummy-offline-key' }),
  speaks: 'the SDK’s Client in the tutorial’s program (clientInfo mcp-client-cli, the tutorial’s)',
  cannotShow: 'what an application declares through handlers (sampling, elicitation, roots): the tutorial sets none',
  transports: ['stdio'],
});

/** The TypeScript SDK kit: the tutorial's harness first, then the lab's own script on the SDK's Client. */
export const typescriptSdk: Kit = {
  ...harness,
  server: (context) => ({
    files: [...(harness.server(context).files ?? []), { path: `${context.work}/sdk-client.cjs`, text: script(context) }],
  }),
  faces: [
    ...harness.faces,
    {
      name: 'default-client',
      args: ({ work }) => [`${work}/sdk-client.cjs`],
      speaks: 'the SDK’s own Client class with its defaults, as an application that declares nothing gets it',
      session: false,
      cannotShow: 'what an application built on the SDK declares or does: each names itself and chooses its capabilities',
      kind: 'lab-script',
      // The lab's script needs none of the tutorial's packages; its captures name no model.
      path: 'sdk',
    },
  ],
  timeLimit: 90,
};
