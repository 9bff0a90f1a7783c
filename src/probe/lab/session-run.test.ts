/**
 * A whole session through the runner, inside the sandbox: a tiny scripted client (a package in a
 * throwaway lab cache) starts the probe as its stdio server, lists the scenario's tools, asks the
 * stand-in model (OpenAI Chat) what to do, calls each tool the model names and passes the results
 * back, until the model finishes. The capture must merge the probe's events and the model's into one
 * file that check accepts, and its judge must see the tool calls reach the model.
 */
import { expect, test } from 'vitest';
import { judgeCapture, requireScenario } from '../../lib/scenarios/index.ts';
import { runFakeClient, useFakeClientCache } from './fake-client-cache.ts';

const tinyClient = `#!/usr/bin/env node
const { spawn } = require('node:child_process');
const { readFileSync } = require('node:fs');
const config = JSON.parse(readFileSync(process.env.HOME + '/.tiny/config.json', 'utf8'));
const server = spawn(config.command, config.args, { stdio: ['pipe', 'pipe', 'inherit'] });
const waiting = new Map();
let buffer = '';
let next = 0;
const send = (message) => server.stdin.write(JSON.stringify({ jsonrpc: '2.0', ...message }) + '\\n');
server.stdout.on('data', (chunk) => {
  buffer += chunk;
  for (let end; (end = buffer.indexOf('\\n')) >= 0; ) {
    const message = JSON.parse(buffer.slice(0, end));
    buffer = buffer.slice(end + 1);
    if (message.method !== undefined && message.id !== undefined) send({ id: message.id, result: {} });
    else if (waiting.has(message.id)) waiting.get(message.id)(message);
  }
});
const rpc = (method, params) => new Promise((resolve) => { const id = next++; waiting.set(id, resolve); send({ id, method, params }); });
(async () => {
  await rpc('initialize', { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'tiny', version: '1' } });
  send({ method: 'notifications/initialized' });
  const { tools } = (await rpc('tools/list', {})).result;
  const messages = [{ role: 'user', content: process.argv[2] }];
  const offered = tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } }));
  for (let turn = 0; turn < 12; turn += 1) {
    const response = await fetch(process.env.TINY_MODEL + '/v1/chat/completions', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer dummy' },
      body: JSON.stringify({ model: 'm', messages, tools: offered }),
    });
    const message = (await response.json()).choices[0].message;
    messages.push(message);
    if (!message.tool_calls || message.tool_calls.length === 0) break;
    for (const call of message.tool_calls) {
      const result = await rpc('tools/call', { name: call.function.name, arguments: JSON.parse(call.function.arguments || '{}') });
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result.result ?? result.error) });
    }
  }
  server.stdin.end();
  setTimeout(() => process.exit(0), 300);
})();
`;

const kitModule = `export const kit = {
  client: 'codex',
  package: 'tiny-client',
  bin: 'tiny-client',
  transports: ['stdio'],
  server: ({ home, server }) => ({ files: [{ path: home + '/.tiny/config.json', json: server.launch }] }),
  model: { api: 'openai-chat', setup: ({ modelUrl }) => ({ env: { TINY_MODEL: modelUrl } }) },
  faces: [{ name: 'session', args: ({ prompt }) => [prompt], speaks: 'a scripted test client', session: true, cannotShow: 'anything' }],
  scenarioFace: 'session',
  timeLimit: 60,
  cannotShow: 'anything: it is a test',
};
`;

const cache = useFakeClientCache('probe-lab-cache-', tinyClient, kitModule);

test('a scenario run merges the probe’s and the stand-in model’s events into one capture that check accepts and the judge reads', async () => {
  const { capture } = await runFakeClient(cache(), 'stdio', 'tool-results');
  expect(capture.header).toMatchObject({
    scenario: 'tool-results',
    model: 'openai-chat',
    command: `tiny-client '${requireScenario('tool-results').prompt}'`,
  });
  const kinds = capture.events.map((event) => `${event.from}:${event.kind}`);
  // The model was asked after the tools were listed, and answered; the file ends with a lifecycle event.
  expect(kinds.indexOf('client:model')).toBeGreaterThan(kinds.indexOf('client:message'));
  expect(kinds).toContain('probe:model');
  expect(capture.events.at(-1)?.kind).toBe('lifecycle');
  const facts = judgeCapture(capture);
  expect(facts.find((fact) => fact.feature === 'tools.call')?.state).toBe('yes');
}, 90_000);
