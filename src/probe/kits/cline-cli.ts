/**
 * Cline CLI (`cline`): three programs behind one package name, a Go CLI driving the extension's core
 * (1.x), a Node CLI embedding that core (2.x), and a rewrite on @cline/core (3.x); each takes its
 * prompt differently. 1.x has no `mcp` command and reads the settings file as written.
 */
import type { Kit } from './kit.ts';
import { clineEnv, clineServer } from './cline-settings.ts';

/** The Cline CLI kit. */
export const clineCli: Kit = {
  client: 'cline-cli',
  package: 'cline',
  bin: 'cline',
  transports: ['stdio'],
  server: clineServer({ type: 'stdio' }),
  faces: [
    {
      name: 'session',
      args: ({ version, prompt }) => {
        const major = Number(version.split('.')[0]);
        if (major === 1) return ['-o', prompt];
        if (major === 2) return ['-y', prompt];
        return [prompt];
      },
      // 1.x's core has a native module built for the Node that installed it (the system's), not ours.
      env: ({ home, version }) => ({
        ...clineEnv(home),
        ...(Number(version.split('.')[0]) === 1 ? { PATH: '/usr/bin:/bin' } : {}),
      }),
      prompt: 'say hi please',
      speaks: "the CLI's session client: the extension's core in 1.x and 2.x (clientInfo Cline), @cline/core in 3.x",
      session: false,
      cannotShow: 'the VS Code extension itself; 3.x leaves a hub daemon running that the runner cannot reach',
    },
  ],
  timeLimit: 40,
  cannotShow: 'anything after the first lists: no provider of its own was found that the stand-in model answers',
};
