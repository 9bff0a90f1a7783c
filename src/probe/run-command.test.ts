/**
 * The recipe runner, with a client that never exits: a package already in a throwaway lab cache whose
 * command reads its configuration from the throwaway HOME, launches the probe, completes a handshake
 * and then hangs. The runner must stop the whole process group at the recipe's time limit, leave no
 * probe behind, and move the checked capture to the captures folder.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readCapture } from './read-capture.ts';
import type { Recipe } from './recipes.ts';
import { runRecipe } from './run-command.ts';

const hangingClient = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const config = JSON.parse(readFileSync(process.env.HOME + '/.fake/config.json', 'utf8'));
const server = spawn(config.command, config.args, { stdio: ['pipe', 'pipe', 'inherit'] });
server.stdout.once('data', () => server.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\\n'));
server.stdin.write('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"hanging","version":"1"}}}\\n');
setInterval(() => undefined, 1000);
`;

let cache: string;
const saved = process.env['CANIMCP_LAB_CACHE'];
beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), 'probe-lab-cache-'));
  const prefix = path.join(cache, 'fake-client@1.0.0', 'node_modules');
  mkdirSync(path.join(prefix, 'fake-client'), { recursive: true });
  mkdirSync(path.join(prefix, '.bin'), { recursive: true });
  writeFileSync(path.join(prefix, 'fake-client', 'package.json'), JSON.stringify({ name: 'fake-client', version: '1.0.0' }));
  writeFileSync(path.join(prefix, '.bin', 'fake-client'), hangingClient);
  chmodSync(path.join(prefix, '.bin', 'fake-client'), 0o755);
  process.env['CANIMCP_LAB_CACHE'] = cache;
});
afterEach(() => {
  if (saved === undefined) delete process.env['CANIMCP_LAB_CACHE'];
  else process.env['CANIMCP_LAB_CACHE'] = saved;
});

const recipe: Recipe = {
  // A real client id, so the capture passes check against the project's content.
  client: 'codex',
  package: 'fake-client',
  bin: 'fake-client',
  configure: ({ home, launch }) => ({
    files: [{ path: `${home}/.fake/config.json`, text: JSON.stringify(launch) }],
    commands: [],
  }),
  connect: () => ({ args: [], env: {} }),
  command: 'fake-client',
  path: 'cli',
  transport: 'stdio',
  face: 'a test client that never exits',
  timeLimit: 2,
  cannotShow: 'anything: it is a test',
};

test('a client that never exits is stopped with its process group at the time limit; its capture is checked and moved', async () => {
  const captures = mkdtempSync(path.join(tmpdir(), 'probe-run-captures-'));
  const started = Date.now();
  const report = await runRecipe(recipe, '1.0.0', 'observe', captures);
  expect(Date.now() - started).toBeLessThan(8000);
  expect(report.rejected).toEqual([]);
  expect(report.written).toHaveLength(1);
  expect(readdirSync(captures)).toEqual([path.basename(report.written[0] ?? '')]);
  const { capture, problems } = readCapture(report.written[0] ?? '', new Set(['codex']));
  expect(problems).toEqual([]);
  expect(capture?.header).toMatchObject({ client: 'codex', version: '1.0.0', package: 'fake-client', command: 'fake-client' });
  // The probe was stopped with the group, not left running until its own time limit (a `timeout`
  // event). The group's SIGTERM reaches the client and the probe at once, so the probe may hear its
  // own signal first or the dead client's closed pipe first; both say the group was stopped.
  const last = capture?.events.at(-1);
  expect(last).toMatchObject({ kind: 'lifecycle', event: 'closed' });
  expect(last?.kind === 'lifecycle' ? last.detail : undefined).toMatch(
    /^(?:the probe received SIGTERM|the client closed standard input)$/,
  );
  expect(capture?.events.filter((event) => event.from === 'client')).toHaveLength(2);
});

test('a recipe marked blocked is refused with its reason', async () => {
  await expect(
    runRecipe({ ...recipe, blocked: 'asks for a GitHub token before it starts any server' }, '1.0.0', 'observe', tmpdir()),
  ).rejects.toThrow('codex cannot be run: asks for a GitHub token before it starts any server');
});
