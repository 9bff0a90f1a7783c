/**
 * Codex (`@openai/codex`). Servers and the model provider live in `~/.codex/config.toml`; `codex
 * exec` connects every server before its first model turn and talks OpenAI Responses, the MCP tools
 * inside a namespace (`mcp__<server>`). By default it runs only tools marked `readOnlyHint`. Its
 * first turn does not wait for an optional server: a turn the stand-in model answers at once ended
 * before the probe had started (0.171.0), so the server is `required`, which exec waits for.
 */
import { compareVersions } from '../../lib/evidence/versions.ts';
import { serverUrl, toml, type Kit, type KitContext } from './kit.ts';

const configPath = (home: string) => `${home}/.codex/config.toml`;

/** Whether `version` is older than `than` (false where either cannot be read as a version). */
const before = (version: string, than: string): boolean => compareVersions(version, than) === -1;

/**
 * The top-level keys that make `codex` send the whole conversation each turn at `version`. Before
 * 0.20.0 it stores responses by default and sends only the newest input with `previous_response_id`,
 * which the stand-in model does not keep: 0.1.2505291658 then called the first tool 400 times,
 * never seeing its result. `disable_response_storage` turns the storing off.
 */
export const codexStorageKeys = (version: string): string[] =>
  before(version, '0.20.0') ? ['disable_response_storage = true'] : [];

/**
 * The flags `codex exec` takes at `version`: 0.1.x (the last before 0.8.0) has neither `--json` nor
 * `--dangerously-bypass-approvals-and-sandbox` and refuses an unknown flag, so it gets neither; it
 * asks no approval for an MCP tool call in exec, so every tool runs there anyway.
 */
export const codexExecArgs = (version: string, prompt: string, bypass: boolean): string[] =>
  before(version, '0.8.0')
    ? ['exec', '--skip-git-repo-check', prompt]
    : ['exec', '--skip-git-repo-check', '--json', ...(bypass ? ['--dangerously-bypass-approvals-and-sandbox'] : []), prompt];

/** A client registered beforehand, as `codex mcp add --oauth-client-id … --oauth-client-secret …` writes it (0.171.0). */
const preregisteredToml = ({ name, preregistered }: KitContext): string =>
  preregistered === undefined
    ? ''
    : `\n[mcp_servers.${name}.oauth]\nclient_id = ${toml(preregistered.clientId)}\n${preregistered.clientSecret === undefined ? '' : `client_secret = ${toml(preregistered.clientSecret)}\n`}`;

/** The Codex kit. */
export const codex: Kit = {
  client: 'codex',
  package: '@openai/codex',
  bin: 'codex',
  transports: ['stdio', 'http'],
  server: (context) => ({
    files: [
      {
        path: configPath(context.home),
        text:
          context.server.transport === 'stdio'
            ? `[mcp_servers.${context.name}]\ncommand = ${toml(context.server.launch.command)}\nargs = [${context.server.launch.args.map(toml).join(', ')}]\nrequired = true\n`
            : `[mcp_servers.${context.name}]\nurl = ${toml(serverUrl(context))}\nrequired = true\n${preregisteredToml(context)}`,
      },
    ],
  }),
  model: {
    api: 'openai-responses',
    // Top-level keys first: the model's text comes before the server's table in the same file.
    setup: ({ home, modelUrl, version }) => ({
      files: [
        {
          path: configPath(home),
          text: [
            'model = "m"',
            'model_provider = "lab"',
            ...codexStorageKeys(version),
            '',
            '[model_providers.lab]',
            'name = "lab"',
            `base_url = ${toml(`${modelUrl}/v1`)}`,
            'env_key = "LAB_API_KEY"',
            'wire_api = "responses"',
            '',
            '',
          ].join('\n'),
        },
      ],
      env: { LAB_API_KEY: 'dummy-offline-key' },
    }),
  },
  faces: [
    {
      name: 'exec',
      args: ({ version, prompt }) => codexExecArgs(version, prompt, false),
      prompt: 'hi',
      speaks: 'the session client (clientInfo codex-mcp-client) with its default approvals: read-only tools only',
      session: true,
      cannotShow: 'tools not marked readOnlyHint (they wait for an approval nobody gives); the opt-in 2026-07-28 mode',
    },
    {
      name: 'exec-bypass',
      args: ({ version, prompt }) => codexExecArgs(version, prompt, true),
      speaks:
        'the session client with approvals and its own sandbox bypassed (safe only inside the lab sandbox): every tool runs',
      session: true,
      cannotShow: 'how approvals treat annotations (run the exec face); the opt-in 2026-07-28 mode',
    },
    {
      name: 'exec-text',
      // The face of the first captures (before the kit asked for --json): exec's plain text output.
      // It keeps that run of captures comparable where later releases fill its gaps.
      args: ({ prompt }) => ['exec', '--skip-git-repo-check', prompt],
      prompt: 'hi',
      speaks: 'the session client with its default approvals and its plain text output',
      session: true,
      cannotShow: 'what the --json event stream adds; tools not marked readOnlyHint; the opt-in 2026-07-28 mode',
    },
    {
      name: 'mcp-2026-07-28',
      args: ({ prompt }) => ['exec', '--skip-git-repo-check', '--json', prompt],
      prompt: 'hi',
      // Appended right after the server's table, so `env` belongs to it; both switches are needed.
      setup: ({ home }) => ({
        files: [
          {
            path: configPath(home),
            text: 'env = { CODEX_MCP_PROTOCOL_VERSION = "2026-07-28" }\n\n[features]\nmcp_2026_07_28 = true\n',
          },
        ],
      }),
      transports: ['stdio'],
      // Its command line is the exec face's: only the setting in the header keeps its captures apart.
      setting: 'features.mcp_2026_07_28=true',
      speaks: 'the session client with its opt-in, under-development 2026-07-28 mode on',
      session: true,
      cannotShow: 'the default behaviour (the exec face)',
    },
  ],
  scenarioFace: 'exec-bypass',
  signIn: () => ({
    face: {
      name: 'mcp-login',
      args: ({ name }) => ['mcp', 'login', name],
      steps: () => [
        { until: 'signed-in', seconds: 90 },
        { until: 'exit', seconds: 20 },
      ],
      speaks: 'the login command `codex mcp login`, which signs the session client in',
      cannotShow:
        'the sign-in `codex mcp add` starts by itself against a server that answers 401 (the kit writes the configuration instead)',
      timeLimit: 150,
    },
    session: 'exec-bypass',
    preregistered: 'secret',
  }),
  timeLimit: 90,
  cannotShow: 'what a real model would choose to call',
};
