import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { offeredVersions, clientInfoOf, userAgentOf } from '../evidence/capture-facts.ts';
import { checkCapture } from '../content/capture-rules.ts';
import type { Capture } from '../evidence/capture.ts';
import {
  HTML_PAGE_HEAD,
  captureSummary,
  captureTwin,
  codeBlock,
  codeSpan,
  exchangeRows,
  fitBodies,
  headerLines,
  type ExchangeRow,
} from './capture-view.ts';
import { clientsExport } from './clients-export.ts';
import { ClientsExport } from '../../schema/export.ts';
import { outsideCode } from '../../../tests/support/markdown-code.ts';

/** The fixture site's capture: HTTP, a discover probe then initialize, and hostile client strings. */
const id = 'fast-agent-0-3-10-observe-http';
const text = readFileSync(path.join(repoRoot, 'tests/fixtures/minimal/captures', `${id}.jsonl`), 'utf8');
const checked = checkCapture({ id, file: `${id}.jsonl`, text, sha256: 'f'.repeat(64) }, new Set(['fast-agent']));
const capture = checked.capture as Capture;
const hostile = '<img src=x onerror=alert(1)>';

describe('what a capture shows', () => {
  test('the fixture is a valid capture', () => {
    expect(checked.problems).toEqual([]);
    expect(capture.events).toHaveLength(10);
  });

  test('the versions offered, in the order first offered: the discover probe, then initialize', () => {
    expect(offeredVersions(capture)).toEqual(['2026-07-28', '2025-11-25']);
  });

  test('the first clientInfo sent and the User-Agent, as sent', () => {
    expect(clientInfoOf(capture)).toEqual({ name: hostile, version: '0.3.10' });
    expect(userAgentOf(capture)).toBe('fast-agent/0.3.10 <svg onload=alert(2)> ```');
  });

  test('each event is a row: who, when, what; JSON pretty-printed, other text as sent, headers in order', () => {
    const rows = exchangeRows(capture);
    expect(rows.map((row) => `${row.seq} ${row.from} ${row.label}`)).toEqual([
      '1 probe start',
      '2 client POST /mcp?token=<redacted> · server/discover (id 1)',
      '3 probe HTTP 200 · error for id 1',
      '4 client POST /mcp · initialize (id 0)',
      '5 probe HTTP 200 · result for id 0',
      '6 client POST /mcp · notifications/initialized',
      '7 probe HTTP 202',
      '8 client POST /mcp',
      '9 probe HTTP 400 · error for id null',
      '10 probe closed',
    ]);
    expect(rows[2]?.body).toBe(
      JSON.stringify(JSON.parse(capture.events[2]?.kind === 'http' ? capture.events[2].body : ''), null, 2),
    );
    expect(rows[2]?.json).toBe(true);
    expect(rows[7]).toMatchObject({ body: '{not json <b>bold</b>', json: false });
    expect(rows[5]?.headers?.map(([name]) => name)).toContain('mcp-protocol-version');
    expect(rows[5]?.headers?.filter(([name]) => name.toLowerCase() === 'mcp-protocol-version')).toHaveLength(2);
  });
});

describe('code spans and blocks keep client text inert in Markdown', () => {
  test.each([
    ['plain', '`plain`'],
    ['a `tick`', '`` a `tick` ``'],
    ['`edge', '`` `edge ``'],
    ['```', '```` ``` ````'],
    ['two\nlines', '`two lines`'],
    ['', '(empty)'],
  ])('codeSpan(%j)', (input, expected) => {
    expect(codeSpan(input)).toBe(expected);
  });

  test('a fence longer than any run of backticks inside', () => {
    expect(codeBlock('x\n```\ny', 'json')).toBe('````json\nx\n```\ny\n````');
    expect(codeBlock('x')).toBe('```\nx\n```');
  });
});

describe('the capture twin', () => {
  const twin = captureTwin(capture, {
    clientName: 'fast-agent',
    citedBy: [{ id: 'a-note', title: 'A [note]' }],
  });

  test('lists the header, the offered versions, the file and its SHA-256, then every event', () => {
    expect(twin).toMatch(/^# Capture fast-agent-0-3-10-observe-http\n\n/);
    expect(twin).toContain('- Client: [fast-agent](/clients/fast-agent.md), version `0.3.10`\n');
    expect(twin).toContain('- Versions offered: `2026-07-28`, `2025-11-25`\n');
    expect(twin).toContain(`- The file: [${id}.jsonl](/captures/${id}.jsonl), sha256 \`${'f'.repeat(64)}\`\n`);
    expect(twin).toContain('## Cited by\n\n- [A \\[note\\]](/research/a-note.md)\n');
    expect(twin.match(/^### \d+ · /gm)).toHaveLength(10);
    expect(twin.endsWith('### 10 · +90 ms · probe → client · `closed`\n')).toBe(true);
  });

  test('every hostile string sits inside code: no line outside a code span or block carries markup', () => {
    expect(outsideCode(twin)).not.toMatch(/[<>]/);
    expect(twin).toContain(hostile);
  });
});

describe('the clients export', () => {
  test('each client with what captures observed of it, newest first, valid against its schema', () => {
    const summary = captureSummary(capture);
    const older = { ...summary, id: 'older', capturedAt: '2026-01-01T00:00:00Z' };
    const exported = clientsExport(
      [
        { id: 'fast-agent', data: { name: 'fast-agent', clientInfoName: 'fast-agent' } },
        { id: 'zed', data: { name: 'Zed' } },
      ],
      [older, summary],
    );
    expect(ClientsExport.parse(exported)).toEqual(exported);
    expect(exported[0]).toEqual({
      client: 'fast-agent',
      name: 'fast-agent',
      clientInfoName: 'fast-agent',
      observed: [
        {
          version: '0.3.10',
          clientInfo: { name: hostile, version: '0.3.10' },
          userAgent: 'fast-agent/0.3.10 <svg onload=alert(2)> ```',
          transport: 'http',
          path: 'cli',
          face: 'session',
          command: 'hand-written test fixture: hostile client strings',
          capture: id,
          capturedAt: '2026-11-20T09:15:00Z',
        },
        expect.objectContaining({ capture: 'older' }),
      ],
    });
    expect(exported[1]).toEqual({ client: 'zed', name: 'Zed', observed: [] });
  });
});

describe('model events read as what reached the model', () => {
  const lines = [
    '{"capture":1,"client":"fast-agent","version":"1","path":"cli","transport":"stdio","persona":"observe","capturedAt":"2026-12-02T06:00:00Z","probe":"0.1.0","model":"anthropic-messages"}',
    JSON.stringify({
      seq: 1,
      t: 0,
      from: 'client',
      kind: 'model',
      method: 'POST',
      target: '/v1/messages?beta=true',
      headers: [['x-api-key', '<redacted>']],
      body: JSON.stringify({
        system: [
          { type: 'text', text: { elided: 4000, sha256: 'a'.repeat(64), kept: [{ at: 120, text: 'LAB-INSTRUCTIONS <b>' }] } },
        ],
        messages: [{ role: 'user', content: 'go' }],
      }),
    }),
    JSON.stringify({
      seq: 2,
      t: 4,
      from: 'probe',
      kind: 'model',
      status: 200,
      headers: [['Content-Type', 'text/event-stream']],
      body: 'event: message_stop\ndata: {}\n\n',
    }),
  ];
  const modelCapture = checkCapture(
    { id: 'm', file: 'm.jsonl', text: `${lines.join('\n')}\n`, sha256: 'f'.repeat(64) },
    new Set(['fast-agent']),
  ).capture as Capture;

  test('a request shows its elided parts as "[n characters elided]" with the kept server text, an answer its stream as sent', () => {
    const rows = exchangeRows(modelCapture);
    expect(rows.map((row) => row.label)).toEqual(['model request · POST /v1/messages?beta=true', 'model answer · HTTP 200']);
    const body = JSON.parse(rows[0]?.body ?? '') as { system: { text: string }[]; messages: unknown[] };
    expect(body.system[0]?.text).toBe('[4000 characters elided]\n[kept from the server, at 120:] LAB-INSTRUCTIONS <b>');
    expect(body.messages).toEqual([{ role: 'user', content: 'go' }]);
    expect(rows[1]).toMatchObject({
      body: 'event: message_stop\ndata: {}\n\n',
      json: false,
      headers: [['Content-Type', 'text/event-stream']],
    });
    const twin = captureTwin(modelCapture, { clientName: 'fast-agent', citedBy: [] });
    expect(twin).toContain('[4000 characters elided]');
    expect(twin).toContain("- Model API (the stand-in model's): anthropic-messages");
  });
});

describe('an SSE answer in the exchange', () => {
  test('is labelled by every message its events carry, read by the one SSE reader, and its body stays as sent', () => {
    const body =
      'id: 1\nevent: message\ndata: {"jsonrpc":"2.0","id":"canimcp-1","method":"elicitation/create","params":{}}\n\nid: 2\nevent: message\ndata: {"jsonrpc":"2.0","id":1,"result":{}}\n\n';
    const sse: Capture = {
      ...capture,
      events: [
        { seq: 1, t: 0, from: 'probe', kind: 'http', status: 200, headers: [['Content-Type', 'text/event-stream']], body },
      ],
    };
    const [row] = exchangeRows(sse);
    expect(row).toMatchObject({
      label: 'HTTP 200 · SSE: elicitation/create (id "canimcp-1"), result for id 1',
      json: false,
      body,
    });
  });
});

describe('a capture page within its budget', () => {
  const row = (seq: number, length: number): ExchangeRow => ({
    seq,
    t: seq,
    from: 'client',
    label: 'x',
    json: false,
    body: 'b'.repeat(length),
  });
  test('short bodies stay whole, the long ones share what is left, each saying what it leaves out', () => {
    const fitted = fitBodies(
      [row(1, 10), row(2, 5000), row(3, 5000), { seq: 4, t: 4, from: 'probe', label: 'closed', json: false }],
      1010,
    );
    expect(fitted.map((item) => [item.body?.length, item.cut])).toEqual([
      [10, undefined],
      [500, 4500],
      [500, 4500],
      [undefined, undefined],
    ]);
  });
  test('a capture within the budget is shown whole', () => {
    const rows = [row(1, 100), row(2, 200)];
    expect(fitBodies(rows, 300)).toEqual(rows);
  });
  test('headers stay whole and count against the budget: bodies share what they leave', () => {
    // 20 header lines of 49 characters, 19 newlines between them: 999 characters.
    const headers = Array.from({ length: 20 }, (_, index): [string, string] => [
      `x-header-${String(index).padStart(2, '0')}`,
      'v'.repeat(36),
    ]);
    expect(headerLines(headers)).toHaveLength(999);
    const fitted = fitBodies([{ ...row(1, 5000), headers }, row(2, 5000)], 1999);
    expect(fitted[0]?.headers).toEqual(headers);
    expect(fitted.map((item) => [item.body?.length, item.cut])).toEqual([
      [500, 4500],
      [500, 4500],
    ]);
  });
  test('an HTML page keeps only its head, however much budget is left, and says how much it leaves out', () => {
    const page = { ...row(1, 45_246), headers: [['Content-Type', 'text/html; charset=utf-8']] as [string, string][] };
    const json = { ...row(2, 45_246), headers: [['content-type', 'application/json']] as [string, string][] };
    const [html, other] = fitBodies([page, json], 1_000_000);
    expect([html?.body?.length, html?.cut]).toEqual([HTML_PAGE_HEAD, 45_246 - HTML_PAGE_HEAD]);
    expect([other?.body?.length, other?.cut]).toEqual([45_246, undefined]);
    // Cut again by the budget (168 less the two header lines' 68 characters leaves 50 a body), it says everything it leaves out.
    const [tight] = fitBodies([page, json], 168);
    expect([tight?.body?.length, tight?.cut]).toEqual([50, 45_246 - 50]);
  });
  test('headers read as the wire writes them, in the order sent', () => {
    expect(
      headerLines([
        ['Host', '127.0.0.1:1'],
        ['WWW-Authenticate', 'Bearer error="invalid_token"'],
      ]),
    ).toBe('Host: 127.0.0.1:1\nWWW-Authenticate: Bearer error="invalid_token"');
  });
});
