/**
 * Cline CLI (`cline`): three programs behind one package name, a Go CLI driving the extension's core
 * (1.x), a Node CLI embedding that core (2.x), and a rewrite on @cline/core (3.x); each takes its
 * prompt differently. 1.x has no `mcp` command and reads the settings file as written. 3.x takes an
 * OpenAI-compatible provider from `cline auth -p openai … -b <base URL>`.
 */
import type { Kit } from './kit.ts';
import { clineEnv, clineServer } from './cline-settings.ts';

const major = (version: string) => Number(version.split('.')[0]);

/** The Cline CLI kit. */
export const clineCli: Kit = {
  client: 'cline-cli',
  package: 'cline',
  bin: 'cline',
  transports: ['stdio'],
  // 3.x gives a server 3 s to answer initialize by default; the probe starts slower than that on a loaded machine.
  server: clineServer({ type: 'stdio', timeout: 60 }),
  model: {
    api: 'openai-chat',
    setup: ({ version, modelUrl, home }) => ({
      commands:
        major(version) >= 3 ? [['auth', '-p', 'openai', '-k', 'dummy-offline-key', '-m', 'm', '-b', `${modelUrl}/v1`]] : [],
      env: clineEnv(home),
    }),
  },
  faces: [
    {
      name: 'session',
      args: ({ version, prompt }) => {
        if (major(version) === 1) return ['-o', prompt];
        if (major(version) === 2) return ['-y', prompt];
        return ['--json', prompt];
      },
      // 1.x's core has a native module built for the Node that installed it (the system's), not ours.
      env: ({ home, version }) => ({ ...clineEnv(home), ...(major(version) === 1 ? { PATH: '/usr/bin:/bin' } : {}) }),
      prompt: 'say hi please',
      speaks: "the CLI's session client: the extension's core in 1.x and 2.x (clientInfo Cline), @cline/core in 3.x",
      session: true,
      cannotShow: 'the VS Code extension itself; 3.x leaves a hub daemon running that the runner cannot reach',
    },
  ],
  scenarioFace: 'session',
  timeLimit: 120,
  cannotShow: 'a model turn in 1.x and 2.x (only 3.x is pointed at the stand-in model)',
};
