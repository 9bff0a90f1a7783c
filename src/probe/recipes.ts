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
  /** The folder the client's package is installed in (`--prefix`). */
  prefix: string;
  /** The client version being run: its flags differ between major versions. */
  version: string;
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
  /** The executable to run where it is not `node_modules/.bin/<bin>` (a platform package's binary, Node for a script). */
  program?: (prefix: string) => string;
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

/** A word quoted for a POSIX shell. */
const shellQuote = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const toml = (text: string) => JSON.stringify(text);

/** Cline's environment: no self-update, and any global npm install it tries stays inside the throwaway home. */
const clineEnv = (home: string) => ({ CLINE_NO_AUTO_UPDATE: '1', NPM_CONFIG_PREFIX: `${home}/.npm-global` });

/**
 * A script that connects the SDK installed at `prefix` to the probe, declaring nothing, lists the tools and
 * closes: what the SDK's Client does by default. CommonJS, so one script loads every 1.x version.
 */
const sdkClientScript = (prefix: string, launch: LaunchConfig) => `'use strict';
const { createRequire } = require('node:module');
const load = createRequire(${JSON.stringify(`${prefix}/node_modules/`)});
const { Client } = load('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = load('@modelcontextprotocol/sdk/client/stdio.js');
const client = new Client({ name: 'canimcp-sdk-recipe', version: '1.0.0' }, { capabilities: {} });
const transport = new StdioClientTransport({ command: ${JSON.stringify(launch.command)}, args: ${JSON.stringify(launch.args)}, stderr: 'ignore' });
client
  .connect(transport)
  .then(() => client.listTools())
  .then((result) => console.log('tools:', result.tools.map((tool) => tool.name).join(',')))
  .catch((error) => {
    console.log('failed:', error && error.message);
    process.exitCode = 1;
  })
  .finally(() => client.close());
`;

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
    client: 'claude-code',
    variant: 'session',
    package: '@anthropic-ai/claude-code',
    bin: 'claude',
    configure: ({ launch, name }) => ({ files: [], commands: [['mcp', 'add', name, '--', launch.command, ...launch.args]] }),
    // A dummy key gets a print-mode session past its auth check; it connects every server, then the model call retries offline.
    connect: () => ({ args: ['-p', 'hi'], env: { ANTHROPIC_API_KEY: 'sk-ant-dummy-offline-key' } }),
    command: 'claude -p hi',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client of print mode (clientInfo claude-code), before its model call',
    timeLimit: 20,
    cannotShow: 'anything after tools/list (the model call fails offline and retries until the time limit); tool calls',
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
    // 0.19.1, unbundled, takes over 20 s to start its servers on a loaded machine; the bundled ones take 2 to 5.
    timeLimit: 45,
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
    connect: ({ home }) => ({ args: ['--key', 'dummy-offline-key', '--timeout', '20', 'say hi'], env: clineEnv(home) }),
    command: 'cline --key dummy-offline-key --timeout 20 "say hi"',
    path: 'cli',
    transport: 'stdio',
    face: "the CLI's session (@cline/core), started for a task whose model call fails offline",
    timeLimit: 40,
    cannotShow: 'the VS Code extension, which the site’s Cline verdicts are about; new CLI captures go to cline-cli',
  },
  {
    client: 'cline-cli',
    package: 'cline',
    bin: 'cline',
    // 1.x has no `mcp` command and reads the file as written; 2.x and 3.x read the same file.
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.cline/data/settings/cline_mcp_settings.json`,
          text: json({
            mcpServers: { [name]: { command: launch.command, args: launch.args, disabled: false, type: 'stdio' } },
          }),
        },
      ],
      commands: [],
    }),
    // Three programs behind one package name: a Go CLI driving the extension's core (1.x), a Node CLI
    // embedding that core (2.x), and a rewrite on @cline/core (3.x); each takes its prompt differently.
    connect: ({ home, version }) => {
      const major = Number(version.split('.')[0]);
      // 1.x's core has a native module built for the Node that installed it (the system's), not ours.
      if (major === 1) return { args: ['-o', 'say hi please'], env: { ...clineEnv(home), PATH: '/usr/bin:/bin' } };
      if (major === 2) return { args: ['-y', 'say hi please'], env: clineEnv(home) };
      return { args: ['say hi please'], env: clineEnv(home) };
    },
    command: 'cline "say hi please" (3.x; 2.x: cline -y …; 1.x: cline -o …)',
    path: 'cli',
    transport: 'stdio',
    face: "the CLI's session client: the extension's core in 1.x and 2.x (clientInfo Cline), @cline/core in 3.x",
    timeLimit: 40,
    cannotShow:
      'the VS Code extension itself; anything after the first lists (the model call fails offline); 3.x leaves a hub daemon running that the runner cannot reach',
  },
  {
    client: 'qwen-code',
    package: '@qwen-code/qwen-code',
    bin: 'qwen',
    configure: ({ home, work, launch, name }) => ({
      files: [
        {
          path: `${home}/.qwen/settings.json`,
          text: json({ mcpServers: { [name]: { command: launch.command, args: launch.args } } }),
        },
        { path: `${home}/.qwen/trustedFolders.json`, text: json({ [work]: 'TRUST_FOLDER' }) },
      ],
      commands: [],
    }),
    // With no auth type it connects every server, then refuses to run the prompt and exits by itself.
    connect: () => ({ args: ['-p', 'hi'], env: {} }),
    command: 'qwen -p hi',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client (clientInfo qwen-cli-mcp-client-<server name>), before it refuses to run without an auth type',
    timeLimit: 30,
    cannotShow: 'anything after the first lists (no model turn offline)',
  },
  {
    client: 'qwen-code',
    variant: 'health-check',
    package: '@qwen-code/qwen-code',
    bin: 'qwen',
    configure: ({ home, work, launch, name }) => ({
      files: [
        {
          path: `${home}/.qwen/settings.json`,
          text: json({ mcpServers: { [name]: { command: launch.command, args: launch.args } } }),
        },
        { path: `${home}/.qwen/trustedFolders.json`, text: json({ [work]: 'TRUST_FOLDER' }) },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'qwen mcp list',
    path: 'cli',
    transport: 'stdio',
    face: 'a separate health-check client (clientInfo mcp-test-client 0.0.1), not the one a session uses',
    timeLimit: 30,
    cannotShow: "the session client's handshake",
  },
  {
    client: 'typescript-sdk',
    package: '@modelcontextprotocol/sdk',
    bin: 'node',
    program: () => process.execPath,
    configure: ({ work, prefix, launch }) => ({
      files: [{ path: `${work}/sdk-client.cjs`, text: sdkClientScript(prefix, launch) }],
      commands: [],
    }),
    connect: ({ work }) => ({ args: [`${work}/sdk-client.cjs`], env: {} }),
    command:
      'node sdk-client.cjs (the SDK’s Client over StdioClientTransport, no capabilities declared: connect, listTools, close)',
    path: 'sdk',
    transport: 'stdio',
    face: 'the SDK’s own Client class with its defaults, as an application that declares nothing gets it',
    timeLimit: 30,
    cannotShow: 'what an application built on the SDK declares or does: each names itself and chooses its capabilities',
  },
  {
    client: 'factory-droid',
    package: '@factory/cli-linux-x64',
    bin: 'droid',
    // The wrapper @factory/cli's platform package is missing here at its latest version; the platform package installs alone.
    program: (prefix) => `${prefix}/node_modules/@factory/cli-linux-x64/bin/droid`,
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.factory/mcp.json`,
          text: json({ mcpServers: { [name]: { type: 'stdio', command: launch.command, args: launch.args, disabled: false } } }),
        },
      ],
      commands: [],
    }),
    // The session connects its servers, then stops at the missing login by itself; `mcp list` is absent before 0.215.
    connect: () => ({ args: ['exec', 'say-hi-please'], env: {} }),
    command: 'droid exec say-hi-please',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client (clientInfo factory-cli), before it stops for want of a login',
    timeLimit: 30,
    cannotShow: 'anything after tools/list (no login offline)',
  },
  {
    client: 'continue-cli',
    package: '@continuedev/cli',
    bin: 'cn',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.continue/config.yaml`,
          text: json({
            name: 'canimcp-lab',
            version: '0.0.1',
            schema: 'v1',
            // A model on a loopback port nothing listens on: the CLI needs one, and its call fails at once.
            models: [
              {
                name: 'dummy',
                provider: 'openai',
                model: 'gpt-4o',
                apiKey: 'dummy-offline-key',
                apiBase: 'http://127.0.0.1:9/v1',
                roles: ['chat'],
              },
            ],
            mcpServers: [{ name, command: launch.command, args: launch.args }],
          }),
        },
      ],
      commands: [],
    }),
    connect: ({ home }) => ({
      args: ['--config', `${home}/.continue/config.yaml`, '-p', 'say hi please'],
      env: { CONTINUE_CLI_DISABLE_TELEMETRY: '1' },
    }),
    command: 'cn --config ~/.continue/config.yaml -p "say hi please"',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client (clientInfo continue-cli-client), before its model call fails',
    timeLimit: 30,
    cannotShow: 'anything after tools/list (the model call fails offline); the Continue IDE extensions',
  },
  {
    client: 'amp',
    package: '@sourcegraph/amp',
    bin: 'amp',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.config/amp/settings.json`,
          text: json({ 'amp.mcpServers': { [name]: { command: launch.command, args: launch.args } } }),
        },
      ],
      commands: [],
    }),
    // A dummy key and the service on a dead loopback port keep it from starting its browser login.
    connect: () => ({ args: ['mcp', 'doctor'], env: { AMP_API_KEY: 'sgamp_dummy', AMP_URL: 'http://127.0.0.1:9' } }),
    command: 'amp mcp doctor',
    path: 'cli',
    transport: 'stdio',
    face: 'the `mcp doctor` health check (clientInfo amp-mcp-client); whether a session uses the same client was not checked',
    timeLimit: 30,
    cannotShow: 'a session (`amp -x` was not run); anything after tools/list',
  },
  {
    client: 'kilo-code-cli',
    package: '@kilocode/cli',
    bin: 'kilo',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.config/kilo/kilo.json`,
          text: json({ mcp: { [name]: { type: 'local', command: [launch.command, ...launch.args], enabled: true } } }),
        },
      ],
      commands: [],
    }),
    connect: () => ({ args: ['mcp', 'list'], env: {} }),
    command: 'kilo mcp list',
    path: 'cli',
    transport: 'stdio',
    face: 'the client `mcp list` starts to report each server’s status (a session sends the same handshake, per recon)',
    timeLimit: 45,
    cannotShow: 'what a session sends later',
  },
  {
    client: 'copilot-cli',
    package: '@github/copilot',
    bin: 'copilot',
    configure: ({ home, launch, name }) => ({
      files: [
        {
          path: `${home}/.copilot/mcp-config.json`,
          text: json({ mcpServers: { [name]: { type: 'local', command: launch.command, args: launch.args, tools: ['*'] } } }),
        },
      ],
      commands: [],
    }),
    // Offline mode with a model provider on a loopback port nothing listens on: no GitHub login, no GitHub MCP
    // server, no telemetry; it connects its servers, fails the model call and exits by itself.
    connect: () => ({
      args: ['-p', 'say hi please'],
      env: { COPILOT_OFFLINE: 'true', COPILOT_PROVIDER_BASE_URL: 'http://127.0.0.1:9/v1', COPILOT_MODEL: 'dummy-model' },
    }),
    command: 'copilot -p "say hi please" (COPILOT_OFFLINE=true, a model provider on a dead loopback port)',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client in offline (bring-your-own-model) mode, before its model call fails',
    timeLimit: 45,
    cannotShow:
      'the signed-in mode (its GitHub MCP server, policies); anything after tools/list; versions before BYOK offline mode (0.0.x) need a GitHub token',
  },
  {
    client: 'auggie',
    package: '@augmentcode/auggie',
    bin: 'auggie',
    // Auggie joins a server's command and arguments into one shell line, so the probe's arguments (its label has
    // spaces) go into a script, quoted, and the configuration names only `/bin/sh` and the script.
    configure: ({ work, launch }) => ({
      files: [{ path: `${work}/canimcp-probe.sh`, text: `exec ${[launch.command, ...launch.args].map(shellQuote).join(' ')}\n` }],
      commands: [],
    }),
    // A dummy session whose tenant is a loopback port undici refuses to dial: it connects the servers, then retries the service.
    connect: ({ work, name }) => ({
      args: [
        '--print',
        'say-hi-please',
        '--mcp-config',
        JSON.stringify({ mcpServers: { [name]: { command: '/bin/sh', args: [`${work}/canimcp-probe.sh`] } } }),
      ],
      env: {
        AUGMENT_SESSION_AUTH: JSON.stringify({ accessToken: 'dummy', tenantURL: 'http://127.0.0.1:9/', scopes: ['email'] }),
      },
    }),
    command: 'auggie --print say-hi-please --mcp-config CONFIG, with a dummy session on a dead loopback tenant',
    path: 'cli',
    transport: 'stdio',
    face: 'the session client (clientInfo augment-mcp-client), before it retries the service until the time limit',
    timeLimit: 25,
    cannotShow: 'anything after tools/list and a keep-alive ping; the IDE extensions',
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
