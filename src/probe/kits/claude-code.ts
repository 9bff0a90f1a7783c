/**
 * Claude Code (`@anthropic-ai/claude-code`). `claude mcp add` writes `~/.claude.json`, scoped to the
 * working folder. Print mode talks Anthropic Messages to `ANTHROPIC_BASE_URL`; MCP tools are
 * deferred, so the model reaches them through its built-in tool search first (STACK.md).
 */
import { isOlder } from '../../lib/evidence/versions.ts';
import { serverUrl, type Kit } from './kit.ts';

/**
 * `--tools` (the built-in tools a session offers) arrived in 2.0.31; older versions refuse the flag,
 * so their sessions offer every built-in tool and the capture carries their (elided) schemas.
 */
export const hasToolsFlag = (version: string): boolean => !isOlder(version, '2.0.31');

/** Claude Code's own tool that reads an MCP server's resource. */
const READER = 'ReadMcpResourceTool';

/** The Claude Code kit. */
export const claudeCode: Kit = {
  client: 'claude-code',
  package: '@anthropic-ai/claude-code',
  bin: 'claude',
  transports: ['stdio', 'http'],
  server: (context) => ({
    commands: [
      context.server.transport === 'stdio'
        ? ['mcp', 'add', context.name, '--', context.server.launch.command, ...context.server.launch.args]
        : [
            'mcp',
            'add',
            '--transport',
            'http',
            // A client registered beforehand: `--client-secret` takes no value, it reads MCP_CLIENT_SECRET.
            ...(context.preregistered === undefined ? [] : ['--client-id', context.preregistered.clientId, '--client-secret']),
            context.name,
            serverUrl(context),
          ],
    ],
    ...(context.preregistered?.clientSecret === undefined
      ? {}
      : { env: { MCP_CLIENT_SECRET: context.preregistered.clientSecret } }),
  }),
  model: {
    api: 'anthropic-messages',
    setup: ({ modelUrl }) => ({
      env: {
        ANTHROPIC_BASE_URL: modelUrl,
        ANTHROPIC_API_KEY: 'sk-ant-dummy-offline-key',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
      },
    }),
  },
  faces: [
    {
      name: 'mcp-list',
      args: () => ['mcp', 'list'],
      speaks: 'the real client (clientInfo claude-code): the health check of `mcp list` sends the same handshake as a session',
      session: false,
      timeLimit: 60,
      cannotShow: 'what a session does after tools/list; versions before 2.0.x install a different CLI',
    },
    {
      name: 'session',
      // Built-in tools cut to the one MCP tools need (they are deferred behind it): each model request
      // then carries a few kilobytes of the vendor's schemas instead of eleven.
      // A scenario whose model reads a resource keeps the client's own reader, and allows it.
      args: ({ prompt, name, version, readsResources }) => [
        '-p',
        prompt,
        ...(hasToolsFlag(version) ? ['--tools', readsResources === true ? `ToolSearch,${READER}` : 'ToolSearch'] : []),
        '--allowedTools',
        readsResources === true ? `mcp__${name},${READER}` : `mcp__${name}`,
        '--output-format',
        'stream-json',
        '--verbose',
      ],
      prompt: 'hi',
      speaks: 'the print-mode session client (clientInfo claude-code), its model turns answered by the stand-in model',
      session: true,
      cannotShow:
        'the interactive face; its built-in tools other than ToolSearch (and ReadMcpResourceTool where the scenario reads a resource); tools the allow-list does not name run only after an approval nobody gives',
    },
    {
      name: 'session-text',
      // Releases from 0.2.36 to 0.2.64 refuse `--output-format` (the session face's), so their
      // handshake is seen only in the print mode's plain text output.
      args: ({ prompt, name }) => ['-p', prompt, '--allowedTools', `mcp__${name}`],
      prompt: 'hi',
      speaks: 'the print-mode session client with its plain text output, for the 0.2.x releases that refuse --output-format',
      session: true,
      cannotShow: 'the interactive face; what the stream-json output adds; built-in tools the allow-list does not name',
    },
  ],
  scenarioFace: 'session',
  signIn: () => ({
    face: {
      name: 'mcp-login',
      args: ({ name }) => ['mcp', 'login', name],
      // It needs a terminal; it opens BROWSER, prints the URL, and exits once it holds a token.
      steps: () => [
        { until: 'signed-in', seconds: 90 },
        { until: 'exit', seconds: 20 },
      ],
      speaks: 'the login command `claude mcp login`, which signs the session client in',
      cannotShow: 'what the full-screen interface does on a 401; a sign-in with DISPLAY set',
      timeLimit: 150,
    },
    session: 'session',
    preregistered: 'secret',
  }),
  timeLimit: 180,
  cannotShow: 'what a real model would choose to call',
};
