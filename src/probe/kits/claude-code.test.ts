import { expect, test } from 'vitest';
import { kitFor } from './index.ts';
import { commandLine, displayContext, kitFace } from './kit.ts';

const session = () => {
  const kit = kitFor('claude-code');
  const face = kit === undefined ? undefined : kitFace(kit, 'stdio', 'session');
  if (kit === undefined || face === undefined) throw new Error('no kit');
  return (version: string) => commandLine(kit, face, displayContext('stdio', 'go', version));
};

test.each([
  ['2.1.332', 'claude -p go --tools ToolSearch --allowedTools mcp__canimcp-probe --output-format stream-json --verbose'],
  ['2.0.31', 'claude -p go --tools ToolSearch --allowedTools mcp__canimcp-probe --output-format stream-json --verbose'],
  ['2.0.30', 'claude -p go --allowedTools mcp__canimcp-probe --output-format stream-json --verbose'],
  ['1.0.21', 'claude -p go --allowedTools mcp__canimcp-probe --output-format stream-json --verbose'],
])('the Claude Code %s session narrows its built-in tools only where `--tools` exists', (version, expected) => {
  expect(session()(version)).toBe(expected);
});
