/**
 * Crush (`@charmland/crush` on npm), Charm's terminal agent, written in Go. `crush run <prompt>` is
 * one non-interactive turn (it approves the session's tool calls itself). It is configured by a
 * `crushrc`, Bash with Crush's own builtins (`provider add`, `model add`, `mcp add`), at
 * `~/.config/crush/crushrc`: the model a custom `openai-compat` provider at the stand-in, the probe
 * an `mcp add` entry. Metrics and the provider list's update from Charm's catalogue are switched off
 * by the variables its README names.
 */
import { shellWord, type Kit, type KitContext } from './kit.ts';

const rc = (home: string) => `${home}/.config/crush/crushrc`;

/** One crushrc command line, each word quoted for its Bash. */
const line = (...words: string[]) => `${words.map(shellWord).join(' ')}\n`;

/** The `mcp add` line for the probe: a command and its arguments, or a Streamable HTTP URL. */
const mcpAdd = (context: KitContext): string =>
  context.server.transport === 'stdio'
    ? line(
        'mcp',
        'add',
        context.name,
        '--command',
        context.server.launch.command,
        ...context.server.launch.args.flatMap((arg) => ['--args', arg]),
      )
    : line('mcp', 'add', context.name, '--type', 'http', '--url', context.server.url);

/**
 * Why no run can happen here: the npm package carries no binary. Its install script (GoReleaser's)
 * downloads the release archive from GitHub, and its `crush` command tries again on every start; the
 * lab reaches npm but not GitHub, and the sandbox reaches nothing. The Go module proxy refuses the
 * module at every version asked (403), so it cannot be built as a module either.
 */
const blocked =
  'its npm package carries no binary: the install script downloads the release archive from GitHub, which the lab cannot reach (npm install exits 1), and the Go module proxy refuses github.com/charmbracelet/crush at every version asked (403)';

/** The Crush kit. */
export const crush: Kit = {
  client: 'crush',
  package: '@charmland/crush',
  bin: 'crush',
  transports: ['stdio', 'http'],
  server: (context) => ({ files: [{ path: rc(context.home), text: mcpAdd(context) }] }),
  model: {
    api: 'openai-chat',
    setup: ({ home, modelUrl }) => ({
      files: [
        {
          path: rc(home),
          text: [
            line(
              'provider',
              'add',
              'lab',
              '--type',
              'openai-compat',
              '--base-url',
              `${modelUrl}/v1`,
              '--api-key',
              'dummy-offline-key',
            ),
            line('model', 'add', 'lab/m', '--name', 'm', '--context-window', '128000', '--default-max-tokens', '4096'),
            line('model', 'large', 'lab/m'),
            line('model', 'small', 'lab/m'),
          ].join(''),
        },
      ],
      env: { CRUSH_DISABLE_METRICS: '1', DO_NOT_TRACK: '1', CRUSH_DISABLE_PROVIDER_AUTO_UPDATE: '1' },
    }),
  },
  faces: [
    {
      name: 'run',
      args: ({ prompt }) => ['run', '--quiet', '--model', 'lab/m', prompt],
      prompt: 'hi',
      speaks:
        'the MCP client of `crush run`, one non-interactive turn at its defaults, its model a custom OpenAI-compatible provider at the stand-in',
      session: true,
      cannotShow: 'the interactive terminal interface; `crush serve` and its shared workspaces',
    },
  ],
  scenarioFace: 'run',
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call; OAuth',
  blocked,
};
