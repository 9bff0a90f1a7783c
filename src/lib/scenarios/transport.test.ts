/**
 * The transport judges on small hand-made captures: stdio lines with and without Content-Length
 * framing, and Streamable HTTP exchanges with and without the Accept types, the session id and the
 * 2026-07-28 standard headers. Each through `judgeCapture`, the one entry the build and the probe use.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CaptureEvent, CaptureHeader } from '../../schema/capture.ts';
import { judgeCapture } from './index.ts';
import { SETUP_REFUSED } from './transport.ts';

const header = (transport: 'stdio' | 'http'): CaptureHeader => ({
  capture: 1,
  client: 'x',
  version: '1',
  path: 'cli',
  transport,
  persona: 'observe',
  capturedAt: '2026-12-02T00:00:00Z',
  probe: '0.1.0',
});

const factOf = (feature: string, transport: 'stdio' | 'http', events: CaptureEvent[]) =>
  judgeCapture({ header: header(transport), events }).find((item) => item.feature === feature);

const init = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
};
const answer = {
  jsonrpc: '2.0',
  id: 0,
  result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'p', version: '1' } },
};

describe('transports.stdio', () => {
  const line = (seq: number, from: 'client' | 'probe', raw: string): CaptureEvent => ({
    seq,
    t: seq,
    from,
    kind: 'message',
    raw,
  });
  test('one JSON-RPC message per line is yes', () => {
    expect(
      factOf('transports.stdio', 'stdio', [line(1, 'client', JSON.stringify(init)), line(2, 'probe', JSON.stringify(answer))])
        ?.state,
    ).toBe('yes');
  });
  test('Content-Length framing beside a message is partial, and says so', () => {
    const events = [line(1, 'client', 'Content-Length: 160\r'), line(2, 'client', '\r'), line(3, 'client', JSON.stringify(init))];
    expect(factOf('transports.stdio', 'stdio', events)).toMatchObject({
      state: 'partial',
      detail:
        'of 3 line(s) the client wrote, 2 line(s) were Content-Length framing, not messages; the other 1 were JSON-RPC messages',
      seq: [1, 2],
    });
  });
  test('nothing but framing is no', () => {
    expect(
      factOf('transports.stdio', 'stdio', [line(1, 'client', 'Content-Length: 160\r'), line(2, 'client', '\r')])?.state,
    ).toBe('no');
  });
  test('an HTTP capture says nothing of stdio', () => {
    expect(factOf('transports.stdio', 'http', [])).toBeUndefined();
  });
});

type Pair = [string, string];
const post = (seq: number, body: unknown, headers: Pair[] = []): CaptureEvent => ({
  seq,
  t: seq,
  from: 'client',
  kind: 'http',
  method: 'POST',
  target: '/mcp',
  headers: [['Accept', 'application/json, text/event-stream'], ['Content-Type', 'application/json'], ...headers],
  body: JSON.stringify(body),
});
const reply = (
  seq: number,
  status: number,
  body: unknown,
  headers: Pair[] = [['Content-Type', 'application/json']],
): CaptureEvent => ({
  seq,
  t: seq,
  from: 'probe',
  kind: 'http',
  status,
  headers,
  body: body === undefined ? '' : JSON.stringify(body),
});
const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
const session = (sid: Pair[] = [['mcp-session-id', 's1']]) => [
  post(1, init),
  reply(2, 200, answer, [
    ['Content-Type', 'application/json'],
    ['Mcp-Session-Id', 's1'],
  ]),
  post(3, initialized, sid),
  reply(4, 202, undefined, []),
  post(5, list, sid),
  reply(6, 200, { jsonrpc: '2.0', id: 1, result: { tools: [] } }),
];

describe('transports.streamableHttp', () => {
  const sse: Pair[] = [['Content-Type', 'text/event-stream']];
  const streamed = (seq: number, message: unknown, headers: Pair[] = sse): CaptureEvent => ({
    ...(reply(seq, 200, undefined, headers) as Extract<CaptureEvent, { kind: 'http' }>),
    body: `event: message\ndata: ${JSON.stringify(message)}\n\n`,
  });
  /** The session with its initialize answered as an SSE stream, as every lab run since the mixed replies does. */
  const streamedSession = () => {
    const events = session();
    events[1] = streamed(2, answer, [...sse, ['Mcp-Session-Id', 's1']]);
    return events;
  };
  test('POSTs that accept both types, the client reading an SSE answer and going on: yes', () => {
    expect(factOf('transports.streamableHttp', 'http', streamedSession())).toMatchObject({
      state: 'yes',
      detail: `every POST's Accept listed application/json and text/event-stream; the client read an answer sent as an SSE stream and went on`,
      seq: [2, 3],
    });
  });
  test('JSON and 202 answers only: whether the client reads a stream cannot be seen', () => {
    expect(factOf('transports.streamableHttp', 'http', session())).toMatchObject({
      state: 'not-observed',
      detail: `every POST's Accept listed application/json and text/event-stream; the probe answered no request as an SSE stream, so whether the client reads one cannot be seen (it went on after JSON answers)`,
    });
  });
  test('a client that asks again what the stream answered never read it: no', () => {
    const events = [post(1, init), streamed(2, answer), post(3, init), reply(4, 200, answer)];
    expect(factOf('transports.streamableHttp', 'http', events)?.state).toBe('no');
  });
  test('a POST that accepts JSON only is partial', () => {
    const events = streamedSession();
    events[4] = {
      ...(events[4] as Extract<CaptureEvent, { kind: 'http' }>),
      headers: [['Accept', 'application/json']],
    };
    expect(factOf('transports.streamableHttp', 'http', events)?.state).toBe('partial');
  });
  test('one request with no answer followed decides nothing', () => {
    expect(factOf('transports.streamableHttp', 'http', [post(1, init)])?.state).toBe('not-observed');
  });
  test("a client whose own set-up command refused the server's URL is no, in its words; silence alone decides nothing", () => {
    const lifecycle = (seq: number, event: 'start' | 'error' | 'closed', detail: string): CaptureEvent => ({
      seq,
      t: seq,
      from: 'probe',
      kind: 'lifecycle',
      event,
      detail,
    });
    const refused = `claude mcp add --transport … failed (1): Invalid transport type: http. Must be one of: stdio, sse`;
    const events = [
      lifecycle(1, 'start', 'http http://127.0.0.1:1/mcp'),
      lifecycle(2, 'error', `${SETUP_REFUSED} ${refused}`),
      lifecycle(3, 'closed', "the client's set-up command ended (exit 1); its session was not started"),
    ];
    expect(factOf('transports.streamableHttp', 'http', events)).toMatchObject({
      state: 'no',
      detail: `the client's own command refused to add the server by its URL: ${refused}`,
      seq: [2],
    });
    expect(factOf('transports.streamableHttp', 'http', [events[0]!, events[2]!])).toBeUndefined();
    expect(factOf('transports.streamableHttp', 'stdio', events)).toBeUndefined();
  });
});

describe('transports.streamableHttp.sessionId', () => {
  const feature = 'transports.streamableHttp.sessionId';
  test('every request after the id carries it: yes', () => {
    expect(factOf(feature, 'http', session())).toMatchObject({ state: 'yes', seq: [2, 3, 5] });
  });
  test('requests without it: no', () => {
    expect(factOf(feature, 'http', session([]))?.state).toBe('no');
  });
  test('a server that assigns none decides nothing', () => {
    expect(factOf(feature, 'http', [post(1, init), reply(2, 200, answer)])).toBeUndefined();
  });
});

describe('transports.streamableHttp.standardHeaders', () => {
  const feature = 'transports.streamableHttp.standardHeaders';
  const meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} };
  const call = { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: meta } };
  const listed = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } };
  test('Mcp-Method on every modern request and Mcp-Name on a call, the name Base64-encoded: yes', () => {
    const events = [
      post(1, listed, [['Mcp-Method', 'tools/list']]),
      post(2, call, [
        ['Mcp-Method', 'tools/call'],
        ['Mcp-Name', `=?base64?${btoa('echo')}?=`],
      ]),
    ];
    expect(factOf(feature, 'http', events)?.state).toBe('yes');
  });
  test('a call without Mcp-Name is partial, and says which', () => {
    const events = [post(1, listed, [['Mcp-Method', 'tools/list']]), post(2, call, [['Mcp-Method', 'tools/call']])];
    expect(factOf(feature, 'http', events)).toMatchObject({
      state: 'partial',
      detail: '1 of 2 2026-07-28 request(s) lacked a matching header (tools/call without Mcp-Name)',
    });
  });
  test('no standard headers at all: no', () => {
    expect(factOf(feature, 'http', [post(1, listed)])?.state).toBe('no');
  });
  test('a legacy session decides nothing', () => {
    expect(factOf(feature, 'http', session())).toBeUndefined();
  });
});

describe('transports.streamableHttp at the versions around its arrival (committed captures)', () => {
  const captured = (id: string) => {
    const [first = '', ...rest] = readFileSync(path.join('content', 'captures', `${id}.jsonl`), 'utf8')
      .trimEnd()
      .split('\n');
    const capture = { header: JSON.parse(first) as CaptureHeader, events: rest.map((line) => JSON.parse(line) as CaptureEvent) };
    return judgeCapture(capture).find((item) => item.feature === 'transports.streamableHttp');
  };
  test('Codex 0.44.0 ran its session with the model and never reached the server given by URL: no; 0.45.0 did: yes', () => {
    expect(captured('codex-0-44-0-observe-http-20261207-224202')).toMatchObject({
      state: 'no',
      detail:
        "the client's session ran to its end (exit 0) and asked the model 1 time(s), but sent no request to the MCP server it was given by URL",
    });
    expect(captured('codex-0-45-0-observe-http-20261207-223913')?.state).toBe('yes');
  });
  test("Claude Code 1.0.17's own mcp add refused the http transport: no, in its words", () => {
    expect(captured('claude-code-1-0-17-observe-http-20261207-224212')).toMatchObject({
      state: 'no',
      detail:
        "the client's own command refused to add the server by its URL: claude mcp add --transport … failed (1): Invalid transport type: http. Must be one of: stdio, sse",
    });
    expect(captured('claude-code-1-0-21-observe-http-20261207-223129')?.state).toBe('yes');
  });
  test('Codex 0.42.0 exited 1 before asking anyone: nothing is decided', () => {
    expect(captured('codex-0-42-0-observe-http-20261207-223809')).toBeUndefined();
  });
});
