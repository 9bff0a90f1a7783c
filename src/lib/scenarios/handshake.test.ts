import { describe, expect, test } from 'vitest';
import type { CaptureEvent } from '../../schema/capture.ts';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkCapture } from '../content/capture-rules.ts';
import { repoRoot } from '../../node/paths.ts';
import { handshake, handshakeFacts, handshakeFeatures } from './handshake.ts';
import { decidedBy } from './index.ts';
import type { ParsedCapture } from './scenario.ts';

type Step = ['client' | 'probe', Record<string, unknown>] | ['lifecycle', 'closed' | 'timeout' | 'error'];

/** A stdio capture at `persona`: each step a JSON-RPC message or a lifecycle event, in order. */
const capture = (persona: string, steps: Step[]): ParsedCapture => ({
  header: {
    capture: 1,
    client: 'codex',
    version: '0.171.0',
    path: 'cli',
    transport: 'stdio',
    persona,
    capturedAt: '2026-12-01T00:00:00Z',
    probe: '0.1.0',
  },
  events: [
    { seq: 1, t: 0, from: 'probe', kind: 'lifecycle', event: 'start', detail: 'stdio' },
    ...steps.map((step, index): CaptureEvent =>
      step[0] === 'lifecycle'
        ? { seq: index + 2, t: index + 1, from: 'probe', kind: 'lifecycle', event: step[1] }
        : { seq: index + 2, t: index + 1, from: step[0], kind: 'message', raw: JSON.stringify({ jsonrpc: '2.0', ...step[1] }) },
    ),
  ],
});

const initialize = (version: string): Step => [
  'client',
  {
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'c', version: '1' } },
  },
];
const refused: Step = [
  'probe',
  { id: 0, error: { code: -32022, message: 'Unsupported protocol version', data: { supported: ['2026-07-28'] } } },
];
const answered = (version: string): Step => [
  'probe',
  { id: 0, result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo: { name: 'p', version: '0' } } },
];

const detailOf = (facts: ReturnType<typeof handshakeFacts>, feature: string) =>
  facts.find((item) => item.feature === feature)?.detail;

describe('after a refused or older answer, the client sent nothing more', () => {
  test('is said where the capture records the end of the run', () => {
    const facts = handshakeFacts(capture('modern-only', [initialize('2025-06-18'), refused, ['lifecycle', 'closed']]));
    expect(detailOf(facts, 'lifecycle.version.retryOnUnsupported')).toBe('after -32022 the client sent nothing more');
    const older = handshakeFacts(
      capture('legacy:2024-11-05', [initialize('2025-06-18'), answered('2024-11-05'), ['lifecycle', 'timeout']]),
    );
    expect(detailOf(older, 'lifecycle.version.acceptOlder')).toBe(
      'offered 2025-06-18 and answered 2024-11-05, the client sent nothing more',
    );
  });

  test('is not said where the capture stops with no end of the run: only that nothing more is on the wire', () => {
    const facts = handshakeFacts(capture('modern-only', [initialize('2025-06-18'), refused]));
    expect(facts.find((item) => item.feature === 'lifecycle.version.retryOnUnsupported')).toEqual({
      feature: 'lifecycle.version.retryOnUnsupported',
      state: 'no',
      detail: 'after -32022 nothing more from the client is on the wire, and the capture records no end of the run',
      seq: [3],
    });
    const older = handshakeFacts(capture('legacy:2024-11-05', [initialize('2025-06-18'), answered('2024-11-05')]));
    expect(detailOf(older, 'lifecycle.version.acceptOlder')).toBe(
      'offered 2025-06-18 and answered 2024-11-05, nothing more from the client is on the wire, and the capture records no end of the run',
    );
  });

  test('a client that went on is judged so, ended or not', () => {
    const facts = handshakeFacts(
      capture('legacy:2024-11-05', [
        initialize('2025-06-18'),
        answered('2024-11-05'),
        ['client', { method: 'notifications/initialized' }],
      ]),
    );
    expect(detailOf(facts, 'lifecycle.version.acceptOlder')).toBe(
      'offered 2025-06-18 and answered 2024-11-05, the client went on (notifications/initialized)',
    );
  });
});

describe('the features a handshake decides', () => {
  test('are every feature its judge speaks to, in the fixtures’ captures and these, each listed once', () => {
    const dir = path.join(repoRoot, 'tests/fixtures/minimal/captures');
    const fixtures = readdirSync(dir).map((name) => {
      const id = name.replace(/\.jsonl$/, '');
      const { capture } = checkCapture(
        { id, file: name, text: readFileSync(path.join(dir, name), 'utf8'), sha256: 'f'.repeat(64) },
        new Set(['fast-agent']),
      );
      return capture as ParsedCapture;
    });
    const own = [
      capture('observe', [
        initialize('2025-11-25'),
        ['probe', { id: 0, result: { protocolVersion: '2025-11-25', capabilities: {} } }],
        ['client', { method: 'notifications/initialized' }],
      ]),
      capture('modern-only', [initialize('2025-11-25'), refused, ['lifecycle', 'closed']]),
    ];
    const spoken = new Set([...fixtures, ...own].flatMap((item) => handshakeFacts(item).map((fact) => fact.feature)));
    expect(spoken.size).toBeGreaterThan(5);
    for (const feature of spoken) expect(handshakeFeatures).toContain(feature);
    expect(new Set(handshakeFeatures).size).toBe(handshakeFeatures.length);
    expect(decidedBy(handshake)).toEqual([...handshakeFeatures]);
  });
});
