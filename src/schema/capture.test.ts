import { describe, expect, test } from 'vitest';
import {
  CaptureEvent,
  CaptureHeader,
  isRedactedName,
  redactHeaders,
  redactTarget,
  redactedValue,
  unredactedValues,
} from './capture.ts';
import { parseAuthored } from './errors.ts';

const header = {
  capture: 1,
  client: 'claude-code',
  version: '2.1.328',
  package: '@anthropic-ai/claude-code',
  command: 'claude mcp list',
  path: 'cli',
  transport: 'stdio',
  persona: 'observe',
  capturedAt: '2026-12-01T07:35:48Z',
  probe: '0.1.0',
};

/** Each issue as `field: message`, as check prints it. */
const issues = (schema: Parameters<typeof parseAuthored>[0], value: unknown) => {
  const result = parseAuthored(schema, value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('CaptureHeader', () => {
  test("accepts FORMAT.md's example header", () => {
    expect(issues(CaptureHeader, header)).toEqual([]);
  });

  test.each([
    ['capture', 2, "capture: expected 1, the capture format's version"],
    ['client', 'Claude Code', 'client: expected a lowercase slug of letters, digits and single hyphens, like "x-does-y"'],
    ['path', 'terminal', 'path: expected one of cli, ide, desktop, hosted, sdk, got "terminal"'],
    ['transport', 'sse', 'transport: expected one of stdio, http, got "sse"'],
    ['persona', 'Observe!', 'persona: expected a persona such as observe, modern-only or legacy:2025-06-18'],
    ['capturedAt', '2026-12-01 07:35:48', 'capturedAt: expected an ISO 8601 UTC time like 2026-12-01T07:35:48Z'],
    ['capturedAt', '2026-02-30T07:35:48Z', 'capturedAt: expected a real calendar time'],
    ['version', undefined, 'version: required field is missing'],
  ])('%s = %j is refused', (field, value, message) => {
    expect(issues(CaptureHeader, { ...header, [field]: value })).toEqual([message]);
  });

  test('accepts legacy:<revision> and modern-only personas', () => {
    expect(issues(CaptureHeader, { ...header, persona: 'legacy:2024-11-05' })).toEqual([]);
    expect(issues(CaptureHeader, { ...header, persona: 'modern-only' })).toEqual([]);
  });
});

describe('CaptureEvent', () => {
  const request = {
    seq: 3,
    t: 7,
    from: 'client',
    kind: 'http',
    method: 'POST',
    target: '/mcp',
    headers: [
      ['Content-Type', 'application/json'],
      ['mcp-protocol-version', '2025-11-25'],
      ['MCP-Protocol-Version', '2025-11-25'],
    ],
    body: '{}',
  };

  test.each([
    { seq: 1, t: 0, from: 'client', kind: 'message', raw: 'not json {' },
    request,
    { seq: 4, t: 9, from: 'probe', kind: 'http', status: 403, headers: [], body: '' },
    { seq: 5, t: 40, from: 'probe', kind: 'lifecycle', event: 'closed' },
    { seq: 6, t: 40, from: 'probe', kind: 'lifecycle', event: 'error', detail: 'EPIPE' },
  ])('accepts a $kind event', (event) => {
    expect(issues(CaptureEvent, event)).toEqual([]);
  });

  test('keeps duplicate headers, in order and case', () => {
    const parsed = CaptureEvent.parse(request);
    expect(parsed.kind === 'http' && parsed.headers.map(([name]) => name)).toEqual([
      'Content-Type',
      'mcp-protocol-version',
      'MCP-Protocol-Version',
    ]);
  });

  test.each([
    [{ seq: 0, t: 0, from: 'client', kind: 'message', raw: '' }, ['seq: expected 1 or more']],
    [{ seq: 1, t: -1, from: 'client', kind: 'message', raw: '' }, ['t: expected 0 or more milliseconds']],
    [{ seq: 1, t: 0, from: 'server', kind: 'message', raw: '' }, ['from: expected one of client, probe, got "server"']],
    [{ seq: 1, t: 0, from: 'client', kind: 'message' }, ['raw: required field is missing']],
    [{ seq: 1, t: 0, from: 'client', kind: 'note' }, ['kind: expected one of message, http, model, auth, lifecycle, got "note"']],
    [{ seq: 1, t: 0, from: 'probe', kind: 'lifecycle', event: 'crashed' }, ['event: expected one of start, closed, timeout, error, got "crashed"']],
    [{ ...request, from: 'probe' }, ['from: an HTTP request comes from the client']],
    [{ seq: 2, t: 0, from: 'client', kind: 'http', status: 200, headers: [], body: '' }, ['from: an HTTP response comes from the probe']],
    [{ ...request, headers: [['Host']] }, ['headers.0: expected a [name, value] pair of strings']],
  ])('%j is refused', (event, expected) => {
    expect(issues(CaptureEvent, event)).toEqual(expected);
  });

  test('names an unknown field', () => {
    const result = parseAuthored(CaptureEvent, { seq: 1, t: 0, from: 'client', kind: 'message', raw: '', extra: 1 });
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['extra'] }]);
  });
});

describe('redaction', () => {
  test.each([
    ['Authorization', true],
    ['proxy-authorization', true],
    ['Cookie', true],
    ['Set-Cookie', true],
    ['X-API-Key', true],
    ['access_token', true],
    ['client_secret', true],
    ['Password', true],
    ['Content-Type', false],
    ['MCP-Protocol-Version', false],
    ['Mcp-Session-Id', false],
    ['Keep-Alive', false],
  ])('%s redacted: %s', (name, redacted) => {
    expect(isRedactedName(name)).toBe(redacted);
  });

  test('redacts header values and keeps names, order and duplicates', () => {
    expect(
      redactHeaders([
        ['authorization', 'Bearer abc'],
        ['Accept', 'application/json'],
        ['Authorization', 'Bearer def'],
      ]),
    ).toEqual([
      ['authorization', redactedValue],
      ['Accept', 'application/json'],
      ['Authorization', redactedValue],
    ]);
  });

  test.each([
    ['/mcp', '/mcp'],
    ['/mcp?token=abc', '/mcp?token=<redacted>'],
    ['/mcp?a=1&api%5Fkey=x&b=2', '/mcp?a=1&api%5Fkey=<redacted>&b=2'],
    ['/mcp?session=1&flag&Token=', '/mcp?session=1&flag&Token=<redacted>'],
    ['/mcp?secret=1#frag', '/mcp?secret=<redacted>#frag'],
  ])('redactTarget(%j) is %j', (target, expected) => {
    expect(redactTarget(target)).toBe(expected);
  });

  test('finds every value left in the clear, and nothing in a redacted event', () => {
    const event = CaptureEvent.parse({
      seq: 1,
      t: 0,
      from: 'client',
      kind: 'http',
      method: 'POST',
      target: '/mcp?token=abc&x=1',
      headers: [
        ['Accept', '*/*'],
        ['Authorization', 'Bearer abc'],
      ],
      body: '',
    });
    expect(unredactedValues(event)).toEqual([
      { field: 'headers[1]', name: 'Authorization' },
      { field: 'target', name: 'token' },
    ]);
    if (event.kind !== 'http' || !('target' in event)) throw new Error('expected a request');
    const redacted = { ...event, target: redactTarget(event.target), headers: redactHeaders(event.headers) };
    expect(unredactedValues(redacted)).toEqual([]);
  });
});
