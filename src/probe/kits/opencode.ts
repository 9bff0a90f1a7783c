/** opencode (`opencode-ai`): `~/.config/opencode/opencode.json`; `opencode run` is a whole session. */
import type { Kit } from './kit.ts';
import { opencodeModel, opencodeServer, opencodeSignIn } from './opencode-config.ts';

const file = '.config/opencode/opencode.json';

/** The opencode kit. */
export const opencode: Kit = {
  client: 'opencode',
  package: 'opencode-ai',
  bin: 'opencode',
  transports: ['stdio', 'http'],
  server: opencodeServer(file),
  model: { api: 'openai-chat', setup: opencodeModel(file) },
  preinstall: [{ package: '@ai-sdk/openai-compatible', under: ({ home }) => `${home}/.cache/opencode` }],
  faces: [
    {
      name: 'mcp-list',
      args: () => ['mcp', 'list'],
      speaks: 'the client `mcp list` starts to report each server’s status',
      session: false,
      timeLimit: 60,
      cannotShow: 'what a session sends after the status check',
    },
    {
      name: 'session',
      args: ({ prompt }) => ['run', '--format', 'json', prompt],
      speaks: 'the session client of `opencode run`, its model turns answered by the stand-in model',
      session: true,
      cannotShow: 'the terminal UI; whether images reach the model may depend on the model entry’s declared input kinds',
    },
  ],
  scenarioFace: 'session',
  signIn: () => opencodeSignIn('opencode'),
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call',
};
