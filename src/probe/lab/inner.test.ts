/**
 * The runner's inner part releases what it started: a kit whose set-up fails after the stand-in
 * model and the HTTP probe are listening must leave neither listening (before, both stayed up until
 * the probe's own time limit, and the model until the process ended).
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { runInside, scratchParts } from './inner.ts';
import type { StartModel } from './stand-in.ts';

/** A kit over HTTP with a model, whose one set-up command fails (`false`). */
const failingKit = `export const kit = {
  client: 'codex',
  package: 'failing-client',
  bin: 'failing-client',
  program: () => '/bin/false',
  transports: ['http'],
  server: () => ({}),
  model: { api: 'openai-chat', setup: () => ({}) },
  faces: [{ name: 'session', args: () => [], setup: () => ({ commands: [['login']] }), speaks: 'nothing', session: true, cannotShow: 'anything' }],
  timeLimit: 60,
  cannotShow: 'anything: it is a test',
};
`;

/** Whether something accepts connections on this loopback port. */
const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

test('a kit whose set-up fails leaves neither the stand-in model nor the HTTP probe listening', async () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'probe-inner-'));
  const kitFile = path.join(scratch, 'kit.mjs');
  writeFileSync(kitFile, failingKit);
  let modelClosed = false;
  const startModel: StartModel = () =>
    Promise.resolve({
      url: 'http://127.0.0.1:9',
      close: () => {
        modelClosed = true;
        return Promise.resolve();
      },
    });
  const run = runInside(
    {
      client: 'codex',
      face: 'session',
      version: '1.0.0',
      prefix: scratch,
      transport: 'http',
      persona: 'observe',
      scratch,
      preinstalled: [],
      kitFile,
    },
    startModel,
  );
  await expect(run).rejects.toThrow(/failing-client login … failed \(1\)/);
  const probe = scratchParts(scratch).probe;
  const [file] = readdirSync(probe).filter((name) => name.endsWith('.jsonl'));
  const text = readFileSync(path.join(probe, file ?? ''), 'utf8');
  const port = Number(/http:\/\/127\.0\.0\.1:(\d+)\/mcp/.exec(text)?.[1]);
  expect(port).toBeGreaterThan(0);
  expect(await listening(port)).toBe(false);
  expect(modelClosed).toBe(true);
  // The capture ends with a lifecycle event that says why the probe stopped.
  const last = JSON.parse(text.trim().split('\n').at(-1) ?? '{}') as { kind?: string; detail?: string };
  expect(last).toMatchObject({
    kind: 'lifecycle',
    detail: expect.stringMatching(/failed before the client's command ended/) as unknown,
  });
}, 30_000);
