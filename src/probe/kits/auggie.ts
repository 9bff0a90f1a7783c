/**
 * Auggie (`@augmentcode/auggie`). It joins a server's command and arguments into one shell line, so
 * the probe's command line goes into a script, quoted, and the configuration names only `/bin/sh`.
 */
import { shellWord, type Kit } from './kit.ts';

/** The Auggie kit. */
export const auggie: Kit = {
  client: 'auggie',
  package: '@augmentcode/auggie',
  bin: 'auggie',
  transports: ['stdio'],
  server: ({ work, server }) => {
    if (server.transport !== 'stdio') throw new Error('the Auggie kit runs over stdio');
    return {
      files: [
        {
          path: `${work}/canimcp-probe.sh`,
          text: `exec ${[server.launch.command, ...server.launch.args].map(shellWord).join(' ')}\n`,
        },
      ],
    };
  },
  faces: [
    {
      name: 'session',
      args: ({ work, name, prompt }) => [
        '--print',
        prompt,
        '--mcp-config',
        JSON.stringify({ mcpServers: { [name]: { command: '/bin/sh', args: [`${work}/canimcp-probe.sh`] } } }),
      ],
      // A dummy session whose tenant is the stand-in's loopback origin: it connects the servers, then retries the service.
      env: ({ modelUrl }) => ({
        AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: 'dummy', tenantURL: `${modelUrl}/`, scopes: ['email'] }),
      }),
      prompt: 'say-hi-please',
      speaks: 'the session client (clientInfo augment-mcp-client), before it retries the service until the time limit',
      session: false,
      cannotShow: 'anything after tools/list and a keep-alive ping; the IDE extensions',
    },
  ],
  timeLimit: 60,
  cannotShow: 'a session: its model turns go through the Augment service',
};
