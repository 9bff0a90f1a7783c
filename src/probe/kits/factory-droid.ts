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
  faces: [
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
  timeLimit: 30,
  cannotShow: 'a session past the login, which needs the vendor’s service',
};
