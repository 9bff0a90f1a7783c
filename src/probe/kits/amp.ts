/** Amp (`@sourcegraph/amp`): servers under `amp.mcpServers` in `~/.config/amp/settings.json`. */
import { stdioEntry, type Kit } from './kit.ts';

/** The Amp kit. */
export const amp: Kit = {
  client: 'amp',
  package: '@sourcegraph/amp',
  bin: 'amp',
  transports: ['stdio'],
  server: (context) => ({
    files: [
      { path: `${context.home}/.config/amp/settings.json`, json: { 'amp.mcpServers': { [context.name]: stdioEntry(context) } } },
    ],
  }),
  faces: [
    {
      name: 'mcp-doctor',
      args: () => ['mcp', 'doctor'],
      // A dummy key and its service on the stand-in's loopback origin keep it from starting a browser login.
      env: ({ modelUrl }) => ({ AMP_API_KEY: 'sgamp_dummy', AMP_URL: modelUrl }),
      speaks: 'the `mcp doctor` health check (clientInfo amp-mcp-client); whether a session uses the same client was not checked',
      session: false,
      cannotShow: 'a session (`amp -x` needs its service); anything after tools/list',
    },
  ],
  timeLimit: 30,
  cannotShow: 'a session: its model turns go through the Amp service',
};
