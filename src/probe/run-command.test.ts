/**
 * The runner, end to end inside the sandbox, with a client that never exits: a package already in a
 * throwaway lab cache whose command reads its configuration from the throwaway HOME, launches the
 * probe, completes a handshake and then hangs. The runner must stop it at its kit's time limit, end
 * the capture with its own `timeout` event, leave nothing running, and move the checked capture.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { readCapture } from './read-capture.ts';
import { runKit } from './run-command.ts';

const hangingClient = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const config = JSON.parse(readFileSync(process.env.HOME + '/.fake/config.json', 'utf8'));
const server = spawn(config.command, config.args, { stdio: ['pipe', 'pipe', 'inherit'] });
server.stdout.once('data', () => server.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\\n'));
server.stdin.write('{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"hanging","version":"1"}}}\\n');
setInterval(() => undefined, 1000);
`;

// A kit of its own, as a module: a real client id, so the capture passes check against the project's content.
const kitModule = `export const kit = {
  client: 'codex',
  package: 'fake-client',
  bin: 'fake-client',
  transports: ['stdio'],
  server: ({ home, server }) => ({ files: [{ path: home + '/.fake/config.json', json: server.launch }] }),
  faces: [{ name: 'hang', args: () => ['--hang'], speaks: 'a test client that never exits', session: false, cannotShow: 'anything' }],
  // Long enough for a probe to start on a loaded machine, short enough for a unit test.
  timeLimit: 6,
  cannotShow: 'anything: it is a test',
};
`;

let cache: string;
let kitFile: string;
const saved = process.env['CANIMCP_LAB_CACHE'];
beforeEach(() => {
  cache = mkdtempSync(path.join(tmpdir(), 'probe-lab-cache-'));
  const prefix = path.join(cache, 'fake-client@1.0.0', 'node_modules');
  mkdirSync(path.join(prefix, 'fake-client'), { recursive: true });
  mkdirSync(path.join(prefix, '.bin'), { recursive: true });
  writeFileSync(path.join(prefix, 'fake-client', 'package.json'), JSON.stringify({ name: 'fake-client', version: '1.0.0' }));
  writeFileSync(path.join(prefix, '.bin', 'fake-client'), hangingClient);
  chmodSync(path.join(prefix, '.bin', 'fake-client'), 0o755);
  kitFile = path.join(cache, 'kit.mjs');
  writeFileSync(kitFile, kitModule);
  process.env['CANIMCP_LAB_CACHE'] = cache;
});
afterEach(() => {
  if (saved === undefined) delete process.env['CANIMCP_LAB_CACHE'];
  else process.env['CANIMCP_LAB_CACHE'] = saved;
});

test('a client that never exits is stopped at its time limit inside the sandbox; its capture ends with the runner’s timeout', async () => {
  const captures = mkdtempSync(path.join(tmpdir(), 'probe-run-captures-'));
  const started = Date.now();
  const report = await runKit({
    client: 'codex',
    kitFile,
    version: '1.0.0',
    transport: 'stdio',
    persona: 'observe',
    captures,
    sandbox: true,
  });
  expect(Date.now() - started).toBeLessThan(25_000);
  expect(report.rejected).toEqual([]);
  expect(report.written).toHaveLength(1);
  expect(readdirSync(captures)).toEqual([path.basename(report.written[0] ?? '')]);
  const { capture, problems } = readCapture(report.written[0] ?? '', new Set(['codex']));
  expect(problems).toEqual([]);
  expect(capture?.header).toMatchObject({
    client: 'codex',
    version: '1.0.0',
    package: 'fake-client',
    command: 'fake-client --hang',
  });
  expect(capture?.events.filter((event) => event.from === 'client')).toHaveLength(2);
  const last = capture?.events.at(-1);
  expect(last).toMatchObject({ kind: 'lifecycle', event: 'timeout' });
  expect(last?.kind === 'lifecycle' ? last.detail : undefined).toMatch(
    /^the runner stopped the client at its time limit of 6 s, \d+ ms after/,
  );
  // Before it, the probe saw the group stopped: its own SIGTERM or the dead client's closed pipe.
  expect(capture?.events.at(-2)).toMatchObject({ kind: 'lifecycle', event: 'closed' });
}, 30_000);

test('a kit marked blocked is refused with its reason', async () => {
  writeFileSync(
    kitFile,
    kitModule.replace('timeLimit: 6,', "timeLimit: 6, blocked: 'asks for a GitHub token before it starts any server',"),
  );
  await expect(
    runKit({
      client: 'codex',
      kitFile,
      version: '1.0.0',
      transport: 'stdio',
      persona: 'observe',
      captures: tmpdir(),
      sandbox: true,
    }),
  ).rejects.toThrow('codex cannot be run: asks for a GitHub token before it starts any server');
});

test('a client with no client file is refused before anything is installed or run', async () => {
  writeFileSync(kitFile, kitModule.replace("client: 'codex',", "client: 'no-such-client',"));
  await expect(
    runKit({
      client: 'no-such-client',
      kitFile,
      version: '9.9.9',
      transport: 'stdio',
      persona: 'observe',
      captures: tmpdir(),
      sandbox: true,
    }),
  ).rejects.toThrow(/^run: no-such-client has no client file in .*: add no-such-client\.md first/);
  // Nothing was installed for it.
  expect(readdirSync(cache)).toEqual(['fake-client@1.0.0', 'kit.mjs']);
});
