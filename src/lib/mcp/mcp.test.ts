import { describe, expect, it } from 'vitest';
import type { CaptureEvent } from '../../schema/capture.ts';
import { capabilityDeclarations, declares, firstDeclaredCapabilities } from './capabilities.ts';
import { readIncoming } from './jsonrpc.ts';
import { messagesOf } from './messages.ts';
import { META } from './protocol.ts';
import { sseEvent, sseEvents, sseMessages } from './sse.ts';

const response = (body: string, type?: string): CaptureEvent => ({
  seq: 2,
  t: 1,
  from: 'probe',
  kind: 'http',
  status: 200,
  headers: type === undefined ? [] : [['Content-Type', type]],
  body,
});

describe('SSE bodies', () => {
  it('reads several events, multi-line data, ids and comments, and what the writer writes', () => {
    const body = `: a comment\nid: 7\nevent: message\ndata: {"a":\ndata: 1}\n\n${sseEvent({ b: 2 })}data: not json\n\n`;
    expect(sseEvents(body)).toEqual([
      { id: '7', event: 'message', data: '{"a":\n1}' },
      { event: 'message', data: '{"b":2}' },
      { data: 'not json' },
    ]);
    expect(sseMessages(body)).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('is read as messages by every capture reader, by Content-Type or by its look', () => {
    const body = `${sseEvent({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}${sseEvent({ jsonrpc: '2.0', id: 1, result: {} })}`;
    expect(messagesOf(response(body, 'text/event-stream'))).toHaveLength(2);
    expect(messagesOf(response(body))).toHaveLength(2);
    expect(messagesOf(response('{"jsonrpc":"2.0","id":1,"result":{}}', 'application/json'))).toHaveLength(1);
    expect(messagesOf(response('[{"id":1},{"id":2}, 3]'))).toHaveLength(2);
    expect(messagesOf(response('data: {"x":1}', 'application/json'))).toEqual([]);
  });
});

describe('JSON-RPC', () => {
  it('sorts responses with their id, result or error', () => {
    expect(readIncoming('{"jsonrpc":"2.0","id":3,"result":{"roots":[]}}')).toEqual({
      kind: 'response',
      id: 3,
      result: { roots: [] },
    });
    expect(readIncoming('{"jsonrpc":"2.0","id":"x","error":{"code":-32601,"message":"no"}}')).toEqual({
      kind: 'response',
      id: 'x',
      error: { code: -32601, message: 'no' },
    });
    expect(readIncoming('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toEqual({
      kind: 'request',
      id: 1,
      method: 'ping',
      params: {},
    });
    expect(readIncoming('nope').kind).toBe('unparsable');
  });
});

describe('declared capabilities', () => {
  const line = (seq: number, message: unknown): CaptureEvent => ({
    seq,
    t: seq,
    from: 'client',
    kind: 'message',
    raw: JSON.stringify(message),
  });
  const capture = {
    events: [
      line(1, { jsonrpc: '2.0', id: 0, method: 'initialize', params: { capabilities: { roots: {} } } }),
      line(2, {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/list',
        params: { _meta: { [META.clientCapabilities]: { elicitation: {} } } },
      }),
      line(3, {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/list',
        params: { _meta: { [META.clientCapabilities]: { elicitation: {} } } },
      }),
    ],
  };
  it('names the first declaration and every distinct one', () => {
    expect(firstDeclaredCapabilities(capture)).toEqual({ roots: {} });
    expect(capabilityDeclarations(capture).map((item) => [item.via, item.seq])).toEqual([
      ['initialize', 1],
      ['_meta', 2],
    ]);
  });
  it('reads elicitation modes: an empty object is form only', () => {
    expect(declares({ elicitation: {} }, 'elicitation.form')).toBe(true);
    expect(declares({ elicitation: {} }, 'elicitation.url')).toBe(false);
    expect(declares({ elicitation: { url: {} } }, 'elicitation.form')).toBe(false);
    expect(declares({ elicitation: { form: {}, url: {} } }, 'elicitation.url')).toBe(true);
    expect(declares({ roots: { listChanged: true } }, 'roots')).toBe(true);
    expect(declares(undefined, 'sampling')).toBe(false);
  });
});
