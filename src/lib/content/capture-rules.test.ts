import { describe, expect, test } from 'vitest';
import { captureIndex, checkCapture, type CaptureFile } from './capture-rules.ts';
import { formatProblem } from './problems.ts';

const header =
  '{"capture":1,"client":"zed","version":"0.210.4","path":"ide","transport":"stdio","persona":"legacy:2025-06-18","capturedAt":"2026-11-30T12:00:00Z","probe":"0.1.0"}';
const start = '{"seq":1,"t":0,"from":"probe","kind":"lifecycle","event":"start"}';
const closed = '{"seq":2,"t":5,"from":"probe","kind":"lifecycle","event":"closed"}';

const file = (text: string, extra: Partial<CaptureFile> = {}): CaptureFile => ({
  id: 'zed-0-210-4-legacy-2025-06-18-stdio',
  file: 'captures/zed.jsonl',
  text,
  sha256: 'a'.repeat(64),
  ...extra,
});
const problems = (text: string, extra: Partial<CaptureFile> = {}) =>
  checkCapture(file(text, extra), new Set(['zed'])).problems.map(formatProblem);

describe('checkCapture', () => {
  test('a valid capture gives its header and events, and no problem', () => {
    const result = checkCapture(file(`${header}\n${start}\n${closed}\n`), new Set(['zed']));
    expect(result.problems).toEqual([]);
    expect(result.capture?.header.persona).toBe('legacy:2025-06-18');
    expect(result.capture?.events.map((event) => event.seq)).toEqual([1, 2]);
  });

  test('a header alone is a valid capture of nothing', () => {
    expect(problems(`${header}\n`)).toEqual([]);
  });

  test.each([
    ['', ['captures/zed.jsonl:1:1: empty capture: expected a header line, then one event per line']],
    [`${header}\n\n${start}\n`, ['captures/zed.jsonl:2:1: empty line: expected one JSON object per line']],
    [`${header}\n[1,2]\n`, ['captures/zed.jsonl:2:1: expected a mapping of fields']],
    [`${header}\n${closed}\n`, ['captures/zed.jsonl:2:1: seq: expected 1, got 2']],
    [
      `${header}\n${closed}\n${start}\n`,
      [
        'captures/zed.jsonl:2:1: seq: expected 1, got 2',
        'captures/zed.jsonl:3:1: seq: expected 3, got 1',
        'captures/zed.jsonl:3:10: t: expected 5 or more (events are in time order), got 0',
      ],
    ],
  ])('%j', (text, expected) => {
    expect(problems(text)).toEqual(expected);
  });

  test('a file that is not UTF-8 is reported at its first bad byte, and nothing else is judged', () => {
    expect(problems('x', { invalidUtf8: { line: 3, column: 7, byte: 0xe9 } })).toEqual([
      'captures/zed.jsonl:3:7: not valid UTF-8: byte 0xE9 cannot stand here',
    ]);
  });

  test('an unredacted secret in a header and in the target, each at its place', () => {
    const request =
      '{"seq":1,"t":0,"from":"client","kind":"http","method":"GET","target":"/mcp?api_key=k","headers":[["Cookie","a=b"]],"body":""}';
    expect(problems(`${header}\n${request}\n`)).toEqual([
      'captures/zed.jsonl:2:87: headers[0]: the header "Cookie" must be redacted: its value must be "<redacted>"',
      'captures/zed.jsonl:2:61: target: the query parameter "api_key" must be redacted: its value must be "<redacted>"',
    ]);
  });
});

describe('captureIndex', () => {
  test('every file, valid or not, by id: its SHA-256 and the client its header names', () => {
    const index = captureIndex([file(`${header}\n`), file('not json\n', { id: 'broken', sha256: 'b'.repeat(64) })]);
    expect(index.get('zed-0-210-4-legacy-2025-06-18-stdio')).toEqual({ sha256: 'a'.repeat(64), client: 'zed' });
    expect(index.get('broken')).toEqual({ sha256: 'b'.repeat(64) });
  });
});

describe('model events (the stand-in model, FORMAT.md)', () => {
  const modelHeader = header.replace('"probe":"0.1.0"}', '"probe":"0.1.0","model":"anthropic-messages"}');
  const request =
    '{"seq":1,"t":0,"from":"client","kind":"model","method":"POST","target":"/v1/messages?beta=true","headers":[["x-api-key","<redacted>"]],"body":"{\\"system\\":{\\"elided\\":900,\\"sha256\\":\\"ab\\"}}"}';
  const answer =
    '{"seq":2,"t":3,"from":"probe","kind":"model","status":200,"headers":[["Content-Type","text/event-stream"]],"body":"event: message_stop\\ndata: {}\\n\\n"}';

  test('a request and its answer, under a header that names the model API, are a valid capture', () => {
    const result = checkCapture(file(`${modelHeader}\n${request}\n${answer}\n`), new Set(['zed']));
    expect(result.problems).toEqual([]);
    expect(result.capture?.header.model).toBe('anthropic-messages');
    expect(result.capture?.events.map((event) => `${event.kind} ${event.from}`)).toEqual(['model client', 'model probe']);
  });

  test.each([
    [
      header.replace('"probe":"0.1.0"}', '"probe":"0.1.0","model":"openai"}'),
      'captures/zed.jsonl:1:164: model: expected one of anthropic-messages, openai-chat, openai-responses, gemini, got "openai"',
    ],
    [
      `${modelHeader}\n${request.replace('"from":"client"', '"from":"probe"')}`,
      'captures/zed.jsonl:2:16: from: a model request comes from the client',
    ],
    [`${modelHeader}\n${answer.replace('"seq":2', '"seq":1').replace('"status":200', '"status":99')}`, 'captures/zed.jsonl:2:46: status: expected an HTTP status'],
    [
      `${modelHeader}\n${request.replace(',"body":"{', ',"bodies":"{')}`,
      'captures/zed.jsonl:2:1: body: required field is missing',
      'captures/zed.jsonl:2:136: bodies: unknown field',
    ],
    [
      `${modelHeader}\n${request.replace('"<redacted>"', '"sk-secret"')}`,
      'captures/zed.jsonl:2:97: headers[0]: the header "x-api-key" must be redacted: its value must be "<redacted>"',
    ],
  ])('a malformed model event or header is refused at its place: %#', (text, ...expected) => {
    expect(problems(`${text}\n`)).toEqual(expected);
  });
});
