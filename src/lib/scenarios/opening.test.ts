/**
 * The opening judges on small hand-made captures: a complete handshake, one that skips or reorders
 * a step, a modern attempt, and captures that cannot decide (a refused initialize, a version the
 * client leaves over). Each through `judgeCapture`, the one entry the build and the probe use.
 */
import { describe, expect, test } from 'vitest';
import type { CaptureEvent, CaptureHeader } from '../../schema/capture.ts';
import { judgeCapture } from './index.ts';

const header = (persona = 'observe', version = '1.2.3'): CaptureHeader => ({
  capture: 1,
  client: 'x',
  version,
  path: 'cli',
  transport: 'stdio',
  persona,
  capturedAt: '2026-12-02T00:00:00Z',
  probe: '0.1.0',
});

/** Each message as one stdio line, numbered in order. */
const lines = (...messages: ['client' | 'probe', unknown][]): CaptureEvent[] =>
  messages.map(([from, message], index) => ({ seq: index + 1, t: index, from, kind: 'message', raw: JSON.stringify(message) }));

const init = (params: Record<string, unknown> = {}) =>
  [
    'client',
    {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1.2.3' }, ...params },
    },
  ] as ['client', unknown];
const result = (version = '2025-11-25') =>
  [
    'probe',
    {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'p', version: '1' } },
    },
  ] as ['probe', unknown];
const initialized = ['client', { jsonrpc: '2.0', method: 'notifications/initialized' }] as ['client', unknown];
const list = (id = 1, meta?: Record<string, unknown>) =>
  ['client', { jsonrpc: '2.0', id, method: 'tools/list', params: meta === undefined ? {} : { _meta: meta } }] as [
    'client',
    unknown,
  ];

const factOf = (feature: string, events: CaptureEvent[], persona?: string, version?: string) =>
  judgeCapture({ header: header(persona, version), events }).find((item) => item.feature === feature);

describe('lifecycle.initialize', () => {
  const feature = 'lifecycle.initialize';
  test('a complete initialize, then notifications/initialized before any other request, is yes', () => {
    expect(factOf(feature, lines(init(), result(), initialized, list()))).toMatchObject({ state: 'yes', seq: [1, 2, 3] });
  });
  test('a request between the result and notifications/initialized is partial, and says which', () => {
    expect(factOf(feature, lines(init(), result(), list(), initialized))).toMatchObject({
      state: 'partial',
      detail: 'it sent tools/list before notifications/initialized',
    });
  });
  test('an initialize without clientInfo is partial, and names the field', () => {
    expect(factOf(feature, lines(init({ clientInfo: undefined }), result(), initialized))?.detail).toBe(
      'initialize lacked clientInfo',
    );
  });
  test('no notifications/initialized at the version it offered is partial', () => {
    expect(factOf(feature, lines(init(), result(), list()))).toMatchObject({
      state: 'partial',
      detail: 'the client never sent notifications/initialized after the result, and went on with tools/list',
    });
  });
  test('a client that leaves over a version it did not offer is not observed', () => {
    expect(factOf(feature, lines(init({ protocolVersion: '2025-06-18' }), result('2025-11-25')))?.state).toBe('not-observed');
  });
  test('a refused initialize decides nothing', () => {
    const refused = ['probe', { jsonrpc: '2.0', id: 0, error: { code: -32022, message: 'Unsupported protocol version' } }] as [
      'probe',
      unknown,
    ];
    expect(factOf(feature, lines(init(), refused), 'modern-only')?.state).toBe('not-observed');
  });
  test('a request without any initialize, to a legacy server, is no', () => {
    expect(factOf(feature, lines(list(0)), 'legacy:2025-11-25')).toMatchObject({
      state: 'no',
      detail: 'the client opened with tools/list and never sent initialize',
    });
  });
});

describe('lifecycle.clientInfo', () => {
  const feature = 'lifecycle.clientInfo';
  test('a name and the release as version is yes, and records them', () => {
    expect(factOf(feature, lines(init(), result()))).toMatchObject({
      state: 'yes',
      detail: 'initialize carried clientInfo name "x", version "1.2.3"',
    });
  });
  test('a placeholder version is partial, and names the release captured', () => {
    expect(factOf(feature, lines(init({ clientInfo: { name: 'x', version: '0.0.0' } }), result()))).toMatchObject({
      state: 'partial',
      detail:
        'initialize carried clientInfo name "x", version "0.0.0" (the release captured is 1.2.3): a placeholder version, not the release',
    });
  });
  test('no clientInfo is no', () => {
    expect(factOf(feature, lines(init({ clientInfo: undefined }), result()))?.state).toBe('no');
  });
  test('a 2026-07-28 request is read for its _meta clientInfo', () => {
    const discover = [
      'client',
      {
        jsonrpc: '2.0',
        id: 'd',
        method: 'server/discover',
        params: { _meta: { 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1.2.3' } } },
      },
    ] as ['client', unknown];
    expect(factOf(feature, lines(discover))?.detail).toBe(`server/discover's _meta carried clientInfo name "x", version "1.2.3"`);
  });
});

describe('lifecycle.requestMeta', () => {
  const feature = 'lifecycle.requestMeta';
  const modern = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  test('every request of the modern attempt with version and capabilities is yes, and lists the keys seen', () => {
    expect(factOf(feature, lines(list(1, modern), list(2, { ...modern, progressToken: 3 })), 'modern-only')).toMatchObject({
      state: 'yes',
      detail:
        'all 2 request(s) carried protocolVersion and clientCapabilities; clientInfo on 0 of 2 (_meta keys seen: io.modelcontextprotocol/protocolVersion, io.modelcontextprotocol/clientCapabilities, progressToken)',
    });
  });
  test('a request without clientCapabilities makes it partial', () => {
    expect(
      factOf(feature, lines(list(1, modern), list(2, { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' })), 'modern-only')
        ?.state,
    ).toBe('partial');
  });
  test('server/discover with the fields, then initialize though the server offered 2026-07-28, is partial', () => {
    const discover = ['client', { jsonrpc: '2.0', id: 'd', method: 'server/discover', params: { _meta: modern } }] as [
      'client',
      unknown,
    ];
    const offered = ['probe', { jsonrpc: '2.0', id: 'd', result: { supportedVersions: ['2026-07-28', '2025-11-25'] } }] as [
      'probe',
      unknown,
    ];
    expect(factOf(feature, lines(discover, offered, init(), result()))).toMatchObject({ state: 'partial', seq: [1, 3] });
    const refused = ['probe', { jsonrpc: '2.0', id: 'd', error: { code: -32601, message: 'Method not found' } }] as [
      'probe',
      unknown,
    ];
    expect(factOf(feature, lines(discover, refused, init(), result()))?.state).toBe('yes');
  });
  test('initialize to a 2026-07-28-only server is no', () => {
    expect(factOf(feature, lines(init(), result()), 'modern-only')?.state).toBe('no');
  });
  test('a legacy session where the server offered legacy decides nothing', () => {
    expect(factOf(feature, lines(init(), result(), initialized, list()), 'legacy:2025-11-25')?.state).toBe('not-observed');
  });
});
