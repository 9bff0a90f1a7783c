/** Kilo Code CLI (`@kilocode/cli`), an opencode fork: `~/.config/kilo/kilo.json`, opencode's schema. */
import type { Kit } from './kit.ts';
import { opencodeModel, opencodeServer, opencodeSignIn } from './opencode-config.ts';

const file = '.config/kilo/kilo.json';

/** The Kilo Code CLI kit. */
export const kiloCodeCli: Kit = {
  client: 'kilo-code-cli',
  package: '@kilocode/cli',
  bin: 'kilo',
  transports: ['stdio', 'http'],
  server: opencodeServer(file),
  model: { api: 'openai-chat', setup: opencodeModel(file) },
  preinstall: [{ package: '@ai-sdk/openai-compatible', under: ({ home }) => `${home}/.cache/kilo` }],
  faces: [
    {
      name: 'mcp-list',
      args: () => ['mcp', 'list'],
      speaks: 'the client `mcp list` starts to report each server’s status (a session sends the same handshake, per recon)',
      session: false,
      timeLimit: 45,
      cannotShow: 'what a session sends later',
    },
    {
      name: 'session',
      args: ({ prompt }) => ['run', '--format', 'json', prompt],
      speaks: 'the session client of `kilo run`, its model turns answered by the stand-in model',
      session: true,
      cannotShow: 'the terminal UI and the VS Code extension',
    },
  ],
  scenarioFace: 'session',
  signIn: () => opencodeSignIn('kilo'),
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call',
};
