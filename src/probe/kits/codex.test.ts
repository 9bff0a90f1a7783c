import { expect, test } from 'vitest';
import { kitFor } from './index.ts';
import { kitFace, setupOf, type KitContext } from './kit.ts';

const context = (version: string): KitContext => ({
  home: '/h',
  work: '/w',
  server: { transport: 'stdio', launch: { command: '/node', args: ['probe.ts', 'stdio'] } },
  name: 'canimcp-probe',
  modelUrl: 'http://127.0.0.1:7',
  prompt: 'call the tools',
  prefix: '/p',
  version,
});

const codex = () => {
  const kit = kitFor('codex');
  if (kit === undefined) throw new Error('no codex kit');
  return kit;
};

const argsAt = (face: string, version: string) => kitFace(codex(), 'stdio', face)?.args(context(version));
const configAt = (face: string, version: string) => {
  const chosen = kitFace(codex(), 'stdio', face);
  if (chosen === undefined) throw new Error(`no face ${face}`);
  return setupOf(codex(), chosen, context(version))
    .files.map((file) => ('text' in file ? file.text : ''))
    .join('');
};

test.each([
  ['0.1.2505291658', ['exec', '--skip-git-repo-check', 'call the tools']],
  ['0.8.0', ['exec', '--skip-git-repo-check', '--json', '--dangerously-bypass-approvals-and-sandbox', 'call the tools']],
  ['0.171.0', ['exec', '--skip-git-repo-check', '--json', '--dangerously-bypass-approvals-and-sandbox', 'call the tools']],
])('codex %s exec-bypass runs with the flags that version has', (version, expected) => {
  expect(argsAt('exec-bypass', version)).toEqual(expected);
});

test('the default exec face drops only --json before 0.8.0 and never bypasses approvals', () => {
  expect(argsAt('exec', '0.1.2505291658')).toEqual(['exec', '--skip-git-repo-check', 'call the tools']);
  expect(argsAt('exec', '0.77.0')).toEqual(['exec', '--skip-git-repo-check', '--json', 'call the tools']);
});

test('the exec-text face runs exec with the plain text output of the first captures at every version', () => {
  for (const version of ['0.1.2505291658', '0.77.0', '0.171.0']) {
    expect(argsAt('exec-text', version)).toEqual(['exec', '--skip-git-repo-check', 'call the tools']);
  }
});

test.each([
  ['0.1.2505291658', true],
  ['0.8.0', true],
  ['0.20.0', false],
  ['0.171.0', false],
])('codex %s: response storage switched off in the config: %s', (version, off) => {
  const config = configAt('exec-bypass', version);
  expect(config.includes('disable_response_storage = true')).toBe(off);
  // A top-level key: it must come before the first table, or TOML puts it inside that table.
  if (off) expect(config.indexOf('disable_response_storage')).toBeLessThan(config.indexOf('['));
});
