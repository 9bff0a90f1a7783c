/**
 * Cline (`cline`), the client whose verdicts are about its VS Code extension: this kit runs the CLI's
 * session face for handshake captures only; new CLI captures go to cline-cli.
 */
import type { Kit } from './kit.ts';
import { clineEnv, clineServer } from './cline-settings.ts';

/** The Cline kit (the CLI standing in for the extension's core). */
export const cline: Kit = {
  client: 'cline',
  package: 'cline',
  bin: 'cline',
  transports: ['stdio'],
  server: clineServer({}),
  faces: [
    {
      name: 'session',
      // The prompt must be one quoted argument.
      args: ({ prompt }) => ['--key', 'dummy-offline-key', '--timeout', '20', prompt],
      env: ({ home }) => clineEnv(home),
      prompt: 'say hi',
      speaks: "the CLI's session (@cline/core), started for a task whose model call gets no answer",
      session: false,
      cannotShow: 'the VS Code extension, which the site’s Cline verdicts are about',
    },
  ],
  timeLimit: 40,
  cannotShow: 'anything after the first lists: the kit does not point it at the stand-in model',
};
