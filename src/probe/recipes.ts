/**
 * The recipes: one row per client, saying how to make it connect to the probe headlessly, offline,
 * with a throwaway HOME. What each row knows was found by running the client on this machine
 * (CONTRIBUTING.md, "Capturing a client"); a client that cannot be made to connect keeps its row,
 * with `blocked` saying why, so nobody has to find that out again.
 */
import type { CapturePath } from '../schema/capture.ts';
import type { LaunchConfig } from './launch.ts';

/** Where a run happens: the throwaway home and working folder, and how to launch the probe. */
export interface RecipeContext {
  home: string;
  work: string;
  launch: LaunchConfig;
  /** HTTP recipes: the probe's MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  /** The server's name in the client's configuration. */
  name: string;
}

/** A file a recipe writes under the throwaway home (or the working folder) before the run. */
export interface RecipeFile {
  path: string;
  text: string;
}

/** One client's recipe. */
export interface Recipe {
  /** The client's id in content/clients/. */
  client: string;
  /** Another face of the same client over the same transport (`run --variant`); the default row has none. */
  variant?: string;
  /** The registry package that installs it. */
  package: string;
  /** The command the package installs. */
  bin: string;
  /** How to configure it: the files to write, then the client commands to run (arguments after `bin`). */
  configure: (context: RecipeContext) => { files: RecipeFile[]; commands: string[][] };
  /** The command that makes it connect (arguments after `bin`), and any environment it needs. */
  connect: (context: RecipeContext) => { args: string[]; env: Record<string, string> };
  /** The connect command as a person reads it: the capture header's `command`. */
  command: string;
  /** Which face of the client connects. */
  path: CapturePath;
  transport: 'stdio' | 'http';
  /** Which client speaks, in words: the real session client, or a separate health check. */
  face: string;
  /** Seconds before the run is stopped; a client that exits by itself ends sooner. */
  timeLimit: number;
  /** What this recipe cannot show. */
  cannotShow: string;
  /** Set where the client cannot be made to connect here, saying why; the runner refuses it. */
  blocked?: string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const toml = (text: string) => JSON.stringify(text);

/** The recipes, by client id. */
export const recipes: readonly Recipe[] = [
  {
    client: 'claude-code',
    package: '@anthropic-ai/claude-code',
    bin: 'claude',
    // `claude mcp add` writes ~/.claude.json, scoped to the working folder; no login or approval.
    configure: ({ launch, name }) => ({ files: [], commands: [['mcp', 'add', name, '--', launch.command, ...launch.args]] }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'claude mcp list',
    path: 'cli',
    transport: 'stdio',
    face: 'the real client (clientInfo claude-code): the health check of `mcp list` sends the same handshake as a session',
    timeLimit: 60,
    cannotShow:
      'what a session does after tools/list (no tool call, no model turn offline); HTTP servers; versions before 2.0.x install a different CLI',
  },
  {
    client: 'codex',
    package: '@openai/codex',
    bin: 'codex',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.codex/config.toml`,
          text: `[mcp_servers.${name}]\ncommand = ${toml(launch.command)}\nargs = [${launch.args.map(toml).join(', ')}]\n`,
        },
      ],
      commands: [],
    }),
    // `codex exec` connects every server before its model call, which then retries the network for ever.
    connect: () => ({ args: ['exec', '--skip-git-repo-check', 'hi'], env: {} }),
    command: 'codex exec --skip-git-repo-check hi',
    path: 'cli',
    transport: 'stdio',
    face: 'the real session client (clientInfo codex-mcp-client), started before the model call',
    timeLimit: 20,
    cannotShow:
      'anything after tools/list (the model call fails offline); the opt-in 2026-07-28 mode (feature mcp_2026_07_28 and CODEX_MCP_PROTOCOL_VERSION) is not in this recipe',
  },
  {
    client: 'codex',
    variant: 'mcp-2026-07-28',
    package: '@openai/codex',
    bin: 'codex',
    // The opt-in mode needs both the feature flag and the per-server variable; either alone changes nothing.
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.codex/config.toml`,
          text: [
            `[mcp_servers.${name}]`,
            `command = ${toml(launch.command)}`,
            `args = [${launch.args.map(toml).join(', ')}]`,
            `env = { CODEX_MCP_PROTOCOL_VERSION = "2026-07-28" }`,
            '',
            '[features]',
            'mcp_2026_07_28 = true',
            '',
          ].join('\n'),
        },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['exec', '--skip-git-repo-check', 'hi'], env: {} }),
    command: 'codex exec --skip-git-repo-check hi (features.mcp_2026_07_28, CODEX_MCP_PROTOCOL_VERSION=2026-07-28)',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client with its opt-in 2026-07-28 mode on (a feature marked under development)',
    timeLimit: 20,
    cannotShow: 'the default behaviour (run without --variant); anything after tools/list',
  },
  {
    client: 'gemini-cli',
    package: '@google/gemini-cli',
    bin: 'gemini',
    // Servers stay disabled until the working folder is trusted.
    configure: ({ home, work, launch, name }) => ({
      files: [
        {
          path: `${home}/.gemini/settings.json`,
          text: json({ mcpServers: { [name]: { command: launch.command, args: launch.args } } }),
        },
        { path: `${home}/.gemini/trustedFolders.json`, text: json({ [work]: 'TRUST_FOLDER' }) },
      ],
      commands: [],
    }),
    // A dummy key gets the session past its auth check; it connects every server, then its model call fails offline.
    connect: () => ({ args: ['-p', 'hi'], env: { GEMINI_API_KEY: 'dummy-offline-key' } }),
    command: 'gemini -p hi',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client (clientInfo gemini-cli-mcp-client), before its model call',
    timeLimit: 20,
    cannotShow: 'anything after tools/list (the model call fails offline and retries until the time limit)',
  },
  {
    client: 'gemini-cli',
    variant: 'health-check',
    package: '@google/gemini-cli',
    bin: 'gemini',
    configure: ({ home, work, launch, name }) => ({
      files: [
        {
          path: `${home}/.gemini/settings.json`,
          text: json({ mcpServers: { [name]: { command: launch.command, args: launch.args } } }),
        },
        { path: `${home}/.gemini/trustedFolders.json`, text: json({ [work]: 'TRUST_FOLDER' }) },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'gemini mcp list',
    path: 'cli',
    transport: 'stdio',
    face: 'a separate health-check client (clientInfo mcp-test-client 0.0.1), not the one a session uses',
    timeLimit: 60,
    cannotShow: "the session client's handshake: `mcp list` connects with its own health-check client",
  },
  {
    client: 'opencode',
    package: 'opencode-ai',
    bin: 'opencode',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.config/opencode/opencode.json`,
          text: json({ mcp: { [name]: { type: 'local', command: [launch.command, ...launch.args], enabled: true } } }),
        },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'opencode mcp list',
    path: 'cli',
    transport: 'stdio',
    face: 'the client `mcp list` starts to report each server’s status',
    timeLimit: 60,
    cannotShow: 'what a session sends after the status check',
  },
  {
    client: 'cline',
    package: 'cline',
    bin: 'cline',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.cline/data/settings/cline_mcp_settings.json`,
          text: json({ mcpServers: { [name]: { command: launch.command, args: launch.args, disabled: false } } }),
        },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['--key', 'dummy-offline-key', '--timeout', '20', 'say hi'], env: {} }),
    command: 'cline --key dummy-offline-key --timeout 20 "say hi"',
    path: 'cli',
    transport: 'stdio',
    face: "the CLI's session (@cline/core), started for a task whose model call fails offline",
    timeLimit: 40,
    cannotShow: 'the VS Code extension, which the site’s Cline verdicts are about',
  },
  {
    client: 'claude-code',
    package: '@anthropic-ai/claude-code',
    bin: 'claude',
    configure: ({ url, name }) => ({ files: [], commands: [['mcp', 'add', '--transport', 'http', name, url]] }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'claude mcp list',
    path: 'cli',
    transport: 'http',
    face: 'the real client over Streamable HTTP, added with `claude mcp add --transport http`',
    timeLimit: 60,
    cannotShow: 'what a session does after tools/list; OAuth (the probe asks for none)',
  },
  {
    client: 'codex',
    package: '@openai/codex',
    bin: 'codex',
    configure: ({ home, url, name }) => ({
      files: [{ path: `${home}/.codex/config.toml`, text: `[mcp_servers.${name}]\nurl = ${toml(url)}\n` }],
      commands: [],
    }),
    connect: () => ({ args: ['exec', '--skip-git-repo-check', 'hi'], env: {} }),
    command: 'codex exec --skip-git-repo-check hi',
    path: 'cli',
    transport: 'http',
    face: 'the real session client over Streamable HTTP (`url` in config.toml), before the model call',
    timeLimit: 20,
    cannotShow: 'anything after tools/list (the model call fails offline); OAuth',
  },
  {
    client: 'gemini-cli',
    package: '@google/gemini-cli',
    bin: 'gemini',
    configure: ({ home, work, url, name }) => ({
      files: [
        { path: `${home}/.gemini/settings.json`, text: json({ mcpServers: { [name]: { httpUrl: url } } }) },
        { path: `${home}/.gemini/trustedFolders.json`, text: json({ [work]: 'TRUST_FOLDER' }) },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['-p', 'hi'], env: { GEMINI_API_KEY: 'dummy-offline-key' } }),
    command: 'gemini -p hi',
    path: 'cli',
    transport: 'http',
    face: 'the session client (gemini-cli-mcp-client) over Streamable HTTP (`httpUrl`), before its model call',
    timeLimit: 20,
    cannotShow: 'anything after tools/list (the model call fails offline)',
  },
  {
    client: 'opencode',
    package: 'opencode-ai',
    bin: 'opencode',
    configure: ({ home, url, name }) => ({
      files: [
        {
          path: `${home}/.config/opencode/opencode.json`,
          text: json({ mcp: { [name]: { type: 'remote', url, enabled: true } } }),
        },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'opencode mcp list',
    path: 'cli',
    transport: 'http',
    face: 'the client its status check starts, over Streamable HTTP (`type: remote`)',
    timeLimit: 60,
    cannotShow: 'what a session sends later; OAuth',
  },
];

/** The recipe for a client id over a transport (stdio unless asked), its default face unless a variant is named. */
export const recipeFor = (client: string, transport: 'stdio' | 'http' = 'stdio', variant?: string): Recipe | undefined =>
  recipes.find((recipe) => recipe.client === client && recipe.transport === transport && recipe.variant === variant);
