import { expect, test } from 'vitest';
import type { CaptureEvent, CaptureHeader } from '../../schema/capture.ts';
import { modernAnswerFact } from './answers.ts';

const header = {
  capture: 1,
  client: 'x',
  version: '1',
  path: 'cli',
  transport: 'stdio',
  persona: 'observe',
  capturedAt: '2026-12-02T00:00:00Z',
  probe: '0.1.0',
  scenario: 'server-requests-modern',
} as CaptureHeader;
const line = (seq: number, from: 'client' | 'probe', message: unknown): CaptureEvent => ({
  seq,
  t: seq,
  from,
  kind: 'message',
  raw: JSON.stringify(message),
});

test('a 2026-07-28 question a legacy session never met is not observed, and says why', () => {
  const events = [
    line(1, 'client', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: { roots: {} }, clientInfo: { name: 'x', version: '1' } },
    }),
    line(2, 'probe', {
      jsonrpc: '2.0',
      id: 0,
      result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 'lab', version: '1' } },
    }),
  ];
  expect(modernAnswerFact({ header, events }, 'server-requests.roots', 'lab_roots', 'roots/list', 'roots')).toMatchObject({
    state: 'not-observed',
    detail: 'the client opened a session with initialize, not a 2026-07-28 one, so no input_required result asked for roots/list',
  });
  // A modern client whose call was never answered input_required: the session ended first.
  const meta = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientCapabilities': { roots: {} },
  };
  const modern = [line(1, 'client', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } })];
  expect(modernAnswerFact({ header, events: modern }, 'server-requests.roots', 'lab_roots', 'roots/list', 'roots')).toMatchObject(
    {
      state: 'not-observed',
      detail: 'the session ended before the probe asked for roots/list in an input_required result',
    },
  );
});
