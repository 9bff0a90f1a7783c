/**
 * A scenario through the runner for a client without a model that calls tools itself (mcpc's
 * shape): `connect` leaves a background process holding the probe, each later command hands it one
 * thing to do, and `close` makes it let the probe go. The face is given the scenario's calls, runs
 * its commands after its own in order, and the capture names them all and ends with the probe seeing
 * the client close its side, before the run ends.
 */
import { expect, test } from 'vitest';
import { requireScenario } from '../../lib/scenarios/index.ts';
import { runFakeClient, useFakeClientCache } from './fake-client-cache.ts';

// `connect` starts the holder in its own session (it outlives the command); later commands append
// to the queue file it reads in order.
const tinyClient = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { appendFileSync, readFileSync, existsSync } = require('node:fs');
const queue = process.env.HOME + '/queue.txt';
const [command, ...rest] = process.argv.slice(2);
if (command === 'connect') {
  const holder = spawn(process.execPath, [__filename, 'hold'], { detached: true, stdio: 'ignore', env: process.env });
  holder.unref();
  setTimeout(() => process.exit(0), 500);
} else if (command === 'call') {
  appendFileSync(queue, JSON.stringify({ tool: rest[0], arguments: JSON.parse(rest[1]) }) + '\\n');
} else if (command === 'close') {
  appendFileSync(queue, JSON.stringify({ close: true }) + '\\n');
  setTimeout(() => process.exit(0), 1500);
} else if (command === 'hold') {
  const config = JSON.parse(readFileSync(process.env.HOME + '/.tiny/config.json', 'utf8'));
  const server = spawn(config.command, config.args, { stdio: ['pipe', 'pipe', 'ignore'] });
  let next = 0;
  let done = 0;
  const send = (message) => server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
  let buffer = '';
  server.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let end; (end = buffer.indexOf('\\n')) >= 0; ) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      if (message.method !== undefined && message.id !== undefined) send({ id: message.id, result: {} });
    }
  });
  send({ id: next++, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'tiny', version: '1' } } });
  setTimeout(() => send({ method: 'notifications/initialized' }), 100);
  setInterval(() => {
    if (!existsSync(queue)) return;
    const lines = readFileSync(queue, 'utf8').split('\\n').filter(Boolean);
    for (const line of lines.slice(done)) {
      done += 1;
      const item = JSON.parse(line);
      if (item.close) {
        server.stdin.end();
        setTimeout(() => process.exit(0), 300);
        return;
      }
      send({ id: next++, method: 'tools/call', params: { name: item.tool, arguments: item.arguments } });
    }
  }, 100);
}
`;

const kitModule = `export const kit = {
  client: 'codex',
  package: 'tiny-client',
  bin: 'tiny-client',
  transports: ['stdio'],
  server: ({ home, server }) => ({ files: [{ path: home + '/.tiny/config.json', json: server.launch }] }),
  faces: [
    {
      name: 'calls',
      args: () => ['connect'],
      after: ({ calls = [] }) => [...calls.map((call) => ['call', call.tool, JSON.stringify(call.arguments)]), ['close']],
      speaks: 'a scripted test client that holds its connection in the background',
      session: false,
      callsTools: true,
      cannotShow: 'anything',
    },
  ],
  scenarioFace: 'calls',
  timeLimit: 60,
  cannotShow: 'anything: it is a test',
};
`;

const cache = useFakeClientCache('probe-calls-cache-', tinyClient, kitModule);

test('a face that calls the tools itself plays a scenario without a model: its commands run after it, in order, and the capture names them', async () => {
  const calls = requireScenario('tool-results').calls;
  expect(calls.length).toBeGreaterThan(1);
  const { capture } = await runFakeClient(cache(), 'stdio', 'tool-results');
  const after = calls.map((call) => `; tiny-client call ${call.tool} '${JSON.stringify(call.arguments)}'`).join('');
  expect(capture.header).toMatchObject({ scenario: 'tool-results', command: `tiny-client connect${after}; tiny-client close` });
  const called = capture.events.flatMap((event) => {
    if (event.from !== 'client' || event.kind !== 'message') return [];
    const message = JSON.parse(event.raw) as { method?: string; params?: { name?: string } };
    return message.method === 'tools/call' ? [message.params?.name] : [];
  });
  expect(called).toEqual(calls.map((call) => call.tool));
  // `close` ran before the run ended: the probe saw the client let go, not the sandbox end.
  expect(capture.events.at(-1)).toMatchObject({ kind: 'lifecycle', event: 'closed', detail: 'the client closed standard input' });
}, 90_000);
