/**
 * A client that misbehaves: lines that are not JSON, a line of several MB, bytes that are not UTF-8,
 * a flood, a client that never closes, an HTTP body cut short or too big, a foreign Host, secrets in
 * headers and the query. Each is recorded or refused, the probe neither crashes nor hangs past its
 * time limit, the file stays bounded, and the capture passes the rules `npm run check` applies.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { messagesOf } from '../lib/mcp/messages.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { startHttp } from './capture-run.ts';
import { readServeOptions, type ServeOptions } from './flags.ts';
import { launchConfig } from './launch.ts';
import { readCapture } from './read-capture.ts';

const options = (extra: string[] = []): ServeOptions => {
  const out = mkdtempSync(path.join(tmpdir(), 'probe-bad-'));
  return readServeOptions(
    ['--out', out, '--client', 'typescript-sdk', '--client-version', '0.0.0', '--path', 'sdk', ...extra],
    process.cwd(),
  );
};

const fileOf = (out: string) => path.join(out, readdirSync(out).find((name) => name.endsWith('.jsonl')) ?? '');

const checked = (out: string): Capture => {
  const { capture, problems } = readCapture(fileOf(out), new Set(['typescript-sdk']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return capture;
};

const details = (capture: Capture) =>
  capture.events.flatMap((event) => (event.kind === 'lifecycle' ? [`${event.event}: ${event.detail ?? ''}`] : []));

/** Runs the stdio probe as a client would, feeding it `write`; resolves with its output and how long it ran. */
const stdioProbe = async (serve: ServeOptions, write: (stdin: NodeJS.WritableStream) => void, close = true) => {
  const config = launchConfig(serve);
  const started = Date.now();
  const child = spawn(config.command, config.args, { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.on('error', () => undefined);
  write(child.stdin);
  if (close) child.stdin.end();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { stdout, stderr, code, ms: Date.now() - started };
};

describe('stdio', () => {
  test('a line that is not JSON, a 3 MB line and bytes that are not UTF-8 are recorded or refused, and the probe goes on', async () => {
    const serve = options();
    const { stdout, code } = await stdioProbe(serve, (stdin) => {
      stdin.write('this is not json\n');
      stdin.write(`${'x'.repeat(3 * 1024 * 1024)}\n`);
      stdin.write(Buffer.from([0xff, 0xfe, 0x00, 0x41, 0x0a]));
      stdin.write('{"jsonrpc":"2.0","id":7,"method":"ping"}\n');
    });
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } },
      { jsonrpc: '2.0', id: 7, result: {} },
    ]);
    const capture = checked(serve.out);
    const raws = capture.events.flatMap((event) => (event.kind === 'message' && event.from === 'client' ? [event.raw] : []));
    expect(raws).toEqual(['this is not json', '\uFFFD\uFFFD\u0000A', '{"jsonrpc":"2.0","id":7,"method":"ping"}']);
    expect(details(capture)).toContain(
      `error: a line of ${3 * 1024 * 1024} bytes, over the 1048576-byte limit: not recorded and not answered`,
    );
    expect(details(capture).some((line) => line.includes('not valid UTF-8'))).toBe(true);
    expect(statSync(fileOf(serve.out)).size).toBeLessThan(10_000);
  });

  test('a flood stops at the message limit, recorded, and the probe exits', async () => {
    const serve = options(['--max-messages', '20']);
    const { code } = await stdioProbe(serve, (stdin) => {
      for (let id = 0; id < 2000; id += 1) stdin.write(`{"jsonrpc":"2.0","id":${id},"method":"ping"}\n`);
    });
    expect(code).toBe(0);
    const capture = checked(serve.out);
    expect(capture.events.filter((event) => event.kind === 'message' && event.from === 'client')).toHaveLength(20);
    expect(details(capture).at(-1)).toBe('error: more than 20 messages: the probe stops listening');
  });

  test('a client that never closes its end is cut off at the time limit, recorded as a timeout', async () => {
    const serve = options(['--time-limit', '1']);
    const { code, ms } = await stdioProbe(serve, (stdin) => stdin.write('{"jsonrpc":"2.0","id":1,"method":"ping"}\n'), false);
    expect(code).toBe(0);
    expect(ms).toBeLessThan(5000);
    expect(details(checked(serve.out)).at(-1)).toBe('timeout: still connected after 1000 ms: the probe stops');
  });

  test('the capture stops growing at its size limit, with one event that says so', async () => {
    const serve = options(['--max-capture-bytes', '20000']);
    await stdioProbe(serve, (stdin) => {
      for (let id = 0; id < 200; id += 1)
        stdin.write(`{"jsonrpc":"2.0","id":${id},"method":"ping","params":{"pad":"${'p'.repeat(500)}"}}\n`);
    });
    expect(statSync(fileOf(serve.out)).size).toBeLessThanOrEqual(20_000);
    expect(details(checked(serve.out)).at(-1)).toMatch(/^error: capture limit of 20000 bytes reached/);
  });
});

/** Sends raw bytes to the probe's port and returns what came back when the socket closed. */
const raw = (port: number, text: string, endAfter = false) =>
  new Promise<string>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(text);
      if (endAfter) socket.destroy();
    });
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('close', () => resolve(reply));
    socket.on('error', () => resolve(reply));
    setTimeout(() => socket.destroy(), 2000);
  });

describe('Streamable HTTP', () => {
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', ...headers },
      body,
    });

  test('Authorization, X-Api-Key and ?token= are redacted before anything is written; the rest is kept as sent', async () => {
    const serve = options();
    const { run } = await startHttp(serve);
    await post(`${run.url}?token=hunter2-query&keep=1`, '{"jsonrpc":"2.0","id":1,"method":"ping"}', {
      Authorization: 'Bearer hunter2-bearer',
      'X-Api-Key': 'hunter2-key',
    });
    run.stop('the test ended');
    await run.done;
    const text = readFileSync(fileOf(serve.out), 'utf8');
    expect(text).not.toContain('hunter2');
    const request = checked(serve.out).events.find((event) => event.kind === 'http' && event.from === 'client');
    expect(request).toMatchObject({ method: 'POST', target: '/mcp?token=<redacted>&keep=1' });
    const headers = request?.kind === 'http' ? request.headers : [];
    expect(headers.filter(([name]) => /authorization|x-api-key/i.test(name)).map(([, value]) => value)).toEqual([
      '<redacted>',
      '<redacted>',
    ]);
  });

  test('a foreign Host or Origin is refused with 403 and recorded (DNS rebinding)', async () => {
    const serve = options();
    const { run } = await startHttp(serve);
    const foreignHost = await raw(
      run.port,
      `POST /mcp HTTP/1.1\r\nHost: evil.example:${run.port}\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`,
    );
    const foreignOrigin = await post(run.url, '{"jsonrpc":"2.0","id":1,"method":"ping"}', { Origin: 'http://evil.example' });
    run.stop('the test ended');
    await run.done;
    expect(foreignHost).toMatch(/^HTTP\/1\.1 403 /);
    expect(foreignOrigin.status).toBe(403);
    const capture = checked(serve.out);
    expect(
      capture.events
        .filter((event) => event.kind === 'http' && event.from === 'probe')
        .map((event) => ('status' in event ? event.status : 0)),
    ).toEqual([403, 403]);
    expect(details(capture).filter((line) => line.includes('DNS rebinding'))).toHaveLength(2);
  });

  test('a body cut short, a body over the limit and a request that is not HTTP are recorded; the probe keeps serving', async () => {
    const serve = options(['--max-message-bytes', '1000']);
    const { run } = await startHttp(serve);
    await raw(
      run.port,
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${run.port}\r\nContent-Length: 100\r\n\r\n{"jsonrpc":"2.0","id":1,`,
      true,
    );
    const big = await post(run.url, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping', params: { pad: 'x'.repeat(5000) } }));
    const garbage = await raw(run.port, '\x00\x01 not http at all\r\n\r\n');
    const after = await post(
      run.url,
      '{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}',
    );
    run.stop('the test ended');
    await run.done;
    expect(big.status).toBe(413);
    expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
    expect(after.status).toBe(200);
    const capture = checked(serve.out);
    const lines = details(capture);
    expect(lines.some((line) => /cut short after 24 bytes/.test(line))).toBe(true);
    expect(lines.some((line) => /over the 1000-byte limit: not recorded, answered 413/.test(line))).toBe(true);
    expect(lines.some((line) => /not valid HTTP/.test(line))).toBe(true);
    // The cut request is recorded with the part of its body that arrived.
    const bodies = capture.events.flatMap((event) => (event.kind === 'http' && event.from === 'client' ? [event.body] : []));
    expect(bodies).toContain('{"jsonrpc":"2.0","id":1,');
  });

  test('a flood of requests stops at the request limit, recorded; the run ends', async () => {
    const serve = options(['--max-messages', '5']);
    const { run } = await startHttp(serve);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, id) => post(run.url, `{"jsonrpc":"2.0","id":${id},"method":"ping"}`)),
    );
    expect(await run.done).toBe('limit');
    expect(results.some((result) => result.status === 'rejected')).toBe(true);
    const capture = checked(serve.out);
    expect(details(capture)).toContain('error: more than 5 requests: the probe stops listening');
    expect(capture.events.filter((event) => event.kind === 'http' && event.from === 'client').length).toBeLessThanOrEqual(5);
    expect(capture.events.flatMap((event) => (event.from === 'probe' ? messagesOf(event) : [])).length).toBeLessThanOrEqual(5);
  });
});
