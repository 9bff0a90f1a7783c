/**
 * The official TypeScript SDK (`@modelcontextprotocol/sdk`): a script in the working folder loads the
 * installed SDK, connects its `Client` with nothing declared, lists the tools and closes. CommonJS,
 * so one script loads every 1.x version.
 */
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

/** The TypeScript SDK kit: the SDK's own Client with its defaults. */
export const typescriptSdk: Kit = {
  client: 'typescript-sdk',
  package: '@modelcontextprotocol/sdk',
  bin: 'node',
  program: () => process.execPath,
  transports: ['stdio'],
  server: (context) => ({ files: [{ path: `${context.work}/sdk-client.cjs`, text: script(context) }] }),
  faces: [
    {
      name: 'default-client',
      args: ({ work }) => [`${work}/sdk-client.cjs`],
      speaks: 'the SDK’s own Client class with its defaults, as an application that declares nothing gets it',
      session: false,
      cannotShow: 'what an application built on the SDK declares or does: each names itself and chooses its capabilities',
    },
  ],
  path: 'sdk',
  timeLimit: 30,
  cannotShow: 'a model: the SDK has none',
};
