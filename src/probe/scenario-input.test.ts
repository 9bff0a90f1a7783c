/**
 * A scenario's client played by hand, to reach what an SDK never does: over stdio, lines that are
 * not JSON, a line past the limit, an answer to an id nobody asked, a request left unanswered and a
 * client that hangs on a held call; over HTTP, the standalone GET stream, several events in one
 * call's SSE answer, a body that is not JSON and an answer to an unknown id; and the 2026-07-28
 * round trip (an input_required result, then the retry). Each is recorded or refused, nothing
 * crashes or hangs past its limit, and the capture passes the rules `npm run check` applies.
 */
import { mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, test, vi } from 'vitest';
import type { Capture } from '../lib/evidence/capture.ts';
import { sseEvents } from '../lib/mcp/sse.ts';
import { judgeCapture, requireScenario } from '../lib/scenarios/index.ts';
import { captureHeader } from './header.ts';
import { serveHttp } from './http-side.ts';
import { defaultLimits, type Limits } from '../lib/lab/limits.ts';
import { parsePersona } from '../lib/lab/personas/index.ts';
import { readCapture } from './read-capture.ts';
import { CaptureRecorder } from './recorder.ts';
import { serveStdio } from './stdio-side.ts';

const limits: Limits = { ...defaultLimits, maxRequestMs: 300, maxRunMs: 4000, maxMessageBytes: 2000 };

const recorderFor = (scenario: string, transport: 'stdio' | 'http', persona = 'observe') => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'scenario-input-')), 'capture.jsonl');
  const header = captureHeader(
    { client: 'typescript-sdk', version: '0.0.0', path: 'sdk' },
    transport,
    persona,
    new Date(),
    scenario,
  );
  return { file, recorder: new CaptureRecorder(() => ({ fd: openSync(file, 'wx'), file }), header, limits.maxCaptureBytes) };
};

const checked = (file: string): Capture => {
  const { capture, problems } = readCapture(file, new Set(['typescript-sdk']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return capture;
};

const details = (capture: Capture) =>
  capture.events.flatMap((event) => (event.kind === 'lifecycle' ? [event.detail ?? event.event] : []));
const stateOf = (capture: Capture, feature: string) => judgeCapture(capture).find((item) => item.feature === feature);
const rpc = (message: Record<string, unknown>) => JSON.stringify({ jsonrpc: '2.0', ...message });

describe('over stdio', () => {
  test('garbage, an oversized line, a stray answer, an unanswered ping and a hang on a held call are recorded, and the run ends at its limit', async () => {
    const { file, recorder } = recorderFor('utilities', 'stdio');
    const input = new PassThrough();
    const output = new PassThrough();
    const lines: Record<string, unknown>[] = [];
    let buffer = '';
    output.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const parts = buffer.split('\n');
      buffer = parts.pop() ?? '';
      for (const part of parts) lines.push(JSON.parse(part) as Record<string, unknown>);
    });
    const scenario = requireScenario('server-requests');
    // A utilities session that also pings once open: one run shows an unanswered request and a held call.
    const played = {
      ...requireScenario('utilities'),
      steps: [...scenario.steps.slice(0, 1), ...requireScenario('utilities').steps],
    };
    const started = Date.now();
    const run = serveStdio({ persona: parsePersona('observe'), recorder, limits, input, output, scenario: played });
    input.write(
      `${rpc({ id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`,
    );
    input.write(`${rpc({ method: 'notifications/initialized' })}\n`);
    await vi.waitFor(() => expect(lines.some((line) => line['method'] === 'ping')).toBe(true), { timeout: 2_000, interval: 20 });
    input.write('this is not json\n');
    input.write(`${rpc({ id: 'canimcp-99', result: {} })}\n`);
    input.write(`${'x'.repeat(5000)}\n`);
    // The ping goes unanswered; the probe waits its request limit, then goes on.
    await new Promise((resolve) => setTimeout(resolve, limits.maxRequestMs + 100));
    input.write(`${rpc({ id: 1, method: 'tools/call', params: { name: 'wait_forever', arguments: {} } })}\n`);
    // …and the client hangs: never cancels, never closes.
    expect(await run.done).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(limits.maxRunMs + 1500);
    const capture = checked(file);
    expect(details(capture)).toEqual(
      expect.arrayContaining([
        'an answer to id "canimcp-99", which the probe is not waiting for: ignored',
        `a line of 5000 bytes, over the 2000-byte limit: not recorded and not answered`,
        `no answer to id "canimcp-1" (ping) within 300 ms: the probe goes on`,
        `still connected after ${limits.maxRunMs} ms: the probe stops`,
      ]),
    );
    expect(lines.find((line) => line['id'] === null)).toMatchObject({ error: { code: -32700 } });
    expect(lines.some((line) => line['id'] === 1)).toBe(false);
    expect(stateOf(capture, 'utilities.cancellation')?.state).toBe('not-observed');
  }, 10_000);
});

/** Reads an SSE response as it arrives: `next()` resolves with each event's JSON. */
const sseReader = (response: Response) => {
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const queue: Record<string, unknown>[] = [];
  return {
    next: async (): Promise<Record<string, unknown> | undefined> => {
      for (;;) {
        if (queue.length > 0) return queue.shift();
        const chunk = await reader?.read();
        if (chunk === undefined || chunk.done) return undefined;
        text += decoder.decode(chunk.value, { stream: true });
        const end = text.lastIndexOf('\n\n');
        if (end < 0) continue;
        for (const event of sseEvents(text.slice(0, end + 2))) queue.push(JSON.parse(event.data) as Record<string, unknown>);
        text = text.slice(end + 2);
      }
    },
    cancel: () => reader?.cancel(),
  };
};

describe('over Streamable HTTP', () => {
  test('the standalone GET stream carries the ping, one call’s SSE answer carries two elicitations and its result, and bad posts are refused', async () => {
    const { file, recorder } = recorderFor('server-requests', 'http');
    const run = await serveHttp({
      persona: parsePersona('observe'),
      recorder,
      limits: { ...limits, maxRequestMs: 2000 },
      port: 0,
      replyAs: 'json',
      scenario: requireScenario('server-requests'),
    });
    const post = (body: string, session?: string) =>
      fetch(run.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2025-11-25',
          ...(session === undefined ? {} : { 'mcp-session-id': session }),
        },
        body,
      });
    const init = await post(
      rpc({
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: { elicitation: { form: {}, url: {} } },
          clientInfo: { name: 't', version: '1' },
        },
      }),
    );
    const session = init.headers.get('mcp-session-id') ?? '';
    expect(session).not.toBe('');
    expect((await post(rpc({ method: 'notifications/initialized' }), session)).status).toBe(202);
    const stream = await fetch(run.url, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' },
    });
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const standalone = sseReader(stream);
    const ping = await standalone.next();
    expect(ping).toMatchObject({ method: 'ping', id: 'canimcp-1' });
    expect((await post('not json', session)).status).toBe(400);
    expect((await post(rpc({ id: 'nobody-asked', result: {} }), session)).status).toBe(202);
    expect((await post(rpc({ id: ping?.['id'], result: {} }), session)).status).toBe(202);

    const call = await post(rpc({ id: 1, method: 'tools/call', params: { name: 'ask_user', arguments: {} } }), session);
    expect(call.headers.get('content-type')).toBe('text/event-stream');
    const events = sseReader(call);
    const form = await events.next();
    expect(form).toMatchObject({ method: 'elicitation/create', params: { mode: 'form' } });
    await post(rpc({ id: form?.['id'], result: { action: 'accept', content: { colour: 'red' } } }), session);
    const url = await events.next();
    expect(url).toMatchObject({ method: 'elicitation/create', params: { mode: 'url' } });
    await post(rpc({ id: url?.['id'], result: { action: 'decline' } }), session);
    expect(await events.next()).toMatchObject({ id: 1, result: { content: [{ type: 'text' }] } });
    await standalone.cancel();
    run.stop('the test is done');
    await run.done;

    const capture = checked(file);
    expect(details(capture)).toContain('an answer to id "nobody-asked", which the probe is not waiting for: ignored');
    const facts = Object.fromEntries(judgeCapture(capture).map((item) => [item.feature, item.detail]));
    expect(facts).toMatchObject({
      'lifecycle.ping': 'the client answered ping with a result',
      'server-requests.elicitation.form': 'the client answered elicitation/create with action "accept"',
      'server-requests.roots': 'the client did not declare roots',
    });
    // The test declined at once, as a program does: an automatic refusal, not an answer.
    expect(facts['server-requests.elicitation.url']).toMatch(
      /^the client declined elicitation\/create, \d+ ms after the request, by itself/,
    );
  });

  test('2026-07-28: a call is answered input_required with only the declared requests, and the retry with inputResponses completes it', async () => {
    const { file, recorder } = recorderFor('server-requests-modern', 'http', 'modern-only');
    const run = await serveHttp({
      persona: parsePersona('modern-only'),
      recorder,
      limits,
      port: 0,
      replyAs: 'json',
      scenario: requireScenario('server-requests-modern'),
    });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
    };
    const call = async (id: number, name: string, extra: Record<string, unknown> = {}) => {
      const response = await fetch(run.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'tools/call',
          'mcp-name': name,
        },
        body: rpc({ id, method: 'tools/call', params: { name, arguments: {}, _meta: meta, ...extra } }),
      });
      const text = await response.text();
      return (
        response.headers.get('content-type')?.startsWith('text/event-stream')
          ? JSON.parse(sseEvents(text).at(-1)?.data ?? '{}')
          : JSON.parse(text)
      ) as { result: Record<string, unknown> };
    };
    const first = await call(1, 'ask_user');
    expect(first.result).toMatchObject({
      resultType: 'input_required',
      inputRequests: { lab_form: { method: 'elicitation/create' } },
    });
    expect(Object.keys(first.result['inputRequests'] as object)).toEqual(['lab_form']);
    const retry = await call(2, 'ask_user', {
      inputResponses: { lab_form: { action: 'accept', content: { colour: 'red' } } },
      requestState: first.result['requestState'],
    });
    expect(retry.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text' }] });
    expect((await call(3, 'ask_roots')).result).toMatchObject({ resultType: 'complete' });
    // A scenario's modern list is a CacheableResult (schema/2026-07-28/schema.ts:1076-1110): ttlMs and cacheScope.
    const list = await fetch(run.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/list',
      },
      body: rpc({ id: 4, method: 'tools/list', params: { _meta: meta } }),
    });
    expect(((await list.json()) as { result: unknown }).result).toMatchObject({
      resultType: 'complete',
      ttlMs: 0,
      cacheScope: 'private',
    });
    run.stop('the test is done');
    await run.done;
    const capture = checked(file);
    const facts = Object.fromEntries(judgeCapture(capture).map((item) => [item.feature, `${item.state}: ${item.detail}`]));
    expect(facts).toMatchObject({
      'server-requests.elicitation.form': 'yes: the client retried the call with action "accept" for elicitation/create',
      'server-requests.elicitation.url': 'no: the client did not declare elicitation.url',
      'server-requests.roots': 'no: the client did not declare roots',
      'server-requests.sampling': 'no: the client did not declare sampling',
    });
  });
});
