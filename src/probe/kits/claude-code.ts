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
        : ['mcp', 'add', '--transport', 'http', context.name, serverUrl(context)],
    ],
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
      args: ({ prompt, name, version }) => [
        '-p',
        prompt,
        ...(hasToolsFlag(version) ? ['--tools', 'ToolSearch'] : []),
        '--allowedTools',
        `mcp__${name}`,
        '--output-format',
        'stream-json',
        '--verbose',
      ],
      prompt: 'hi',
      speaks: 'the print-mode session client (clientInfo claude-code), its model turns answered by the stand-in model',
      session: true,
      cannotShow:
        'the interactive face; its built-in tools other than ToolSearch; tools the allow-list does not name run only after an approval nobody gives',
    },
  ],
  scenarioFace: 'session',
  timeLimit: 180,
  cannotShow: 'OAuth (the probe asks for none); what a real model would choose to call',
};
