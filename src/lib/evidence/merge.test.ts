import { expect, test } from 'vitest';
import { mergeCapture, modelOwner, parseCaptureText, type ModelRecord } from './merge.ts';

const epoch = 1_000_000;
const header = {
  capture: 1,
  client: 'codex',
  version: '1',
  path: 'cli',
  transport: 'stdio',
  persona: 'observe',
  capturedAt: '2026-12-02T06:00:00Z',
  probe: '0.1.0',
};
const probeText = [
  header,
  { seq: 1, t: 100, from: 'probe', kind: 'lifecycle', event: 'start', detail: 'stdio' },
  { seq: 2, t: 120, from: 'client', kind: 'message', raw: '{"id":0}' },
  { seq: 3, t: 400, from: 'client', kind: 'message', raw: '{"id":1}' },
  { seq: 4, t: 900, from: 'probe', kind: 'lifecycle', event: 'closed', detail: 'the client closed standard input' },
]
  .map((line) => `${JSON.stringify(line)}\n`)
  .join('');
const model: ModelRecord[] = [
  { from: 'probe', status: 200, headers: [], body: 'answer', at: epoch + 300 },
  {
    from: 'client',
    method: 'POST',
    target: '/v1/messages?key=abc',
    headers: [['x-api-key', 'sk-secret']],
    body: '{}',
    at: epoch + 250,
  },
];

const lines = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

test('model events go between the probe’s by time, seq renumbered, secrets redacted, the header told scenario and model', () => {
  const parsed = parseCaptureText(probeText);
  if (parsed === undefined) throw new Error('no capture');
  const [head, ...events] = lines(
    mergeCapture(parsed, model, {
      scenario: 'tool-results',
      modelApi: 'anthropic-messages',
      epoch,
      end: { elapsedMs: 950, exitCode: 0 },
    }),
  );
  expect(head).toMatchObject({ client: 'codex', scenario: 'tool-results', model: 'anthropic-messages' });
  expect(events.map((event) => [event['seq'], event['t'], event['kind']])).toEqual([
    [1, 100, 'lifecycle'],
    [2, 120, 'message'],
    [3, 250, 'model'],
    [4, 300, 'model'],
    [5, 400, 'message'],
    [6, 900, 'lifecycle'],
  ]);
  expect(events[2]).toEqual({
    seq: 3,
    t: 250,
    from: 'client',
    kind: 'model',
    method: 'POST',
    target: '/v1/messages?key=<redacted>',
    headers: [['x-api-key', '<redacted>']],
    body: '{}',
  });
});

test('a client stopped at its time limit ends with the runner’s timeout, with the elapsed time', () => {
  const parsed = parseCaptureText(probeText);
  if (parsed === undefined) throw new Error('no capture');
  const events = lines(mergeCapture(parsed, [], { epoch, end: { elapsedMs: 20_100, timedOutAfter: 20 } })).slice(1);
  expect(events.at(-1)).toEqual({
    seq: 5,
    t: 20_100,
    from: 'probe',
    kind: 'lifecycle',
    event: 'timeout',
    detail: 'the runner stopped the client at its time limit of 20 s, 20100 ms after the run began',
  });
});

test('model events after the probe closed are followed by the runner’s closed; no model events, no model header', () => {
  const parsed = parseCaptureText(probeText);
  if (parsed === undefined) throw new Error('no capture');
  const late: ModelRecord[] = [{ from: 'client', method: 'POST', target: '/v1/x', headers: [], body: '{}', at: epoch + 1000 }];
  const events = lines(mergeCapture(parsed, late, { epoch, end: { elapsedMs: 1200, exitCode: 1 } })).slice(1);
  expect(events.slice(-2).map((event) => [event['kind'], event['event']])).toEqual([
    ['model', undefined],
    ['lifecycle', 'closed'],
  ]);
  expect(events.at(-1)?.['detail']).toBe('the client exited with code 1, 1200 ms after the run began');
  const [head] = lines(mergeCapture(parsed, [], { modelApi: 'gemini', epoch, end: { elapsedMs: 950, exitCode: 0 } }));
  expect(head).not.toHaveProperty('model');
});

test('the model’s events belong to the capture whose span holds most of them', () => {
  expect(
    modelOwner(
      [
        { first: 0, last: 100 },
        { first: 200, last: 5000 },
      ],
      [300, 400, 50],
    ),
  ).toBe(1);
  expect(modelOwner([{ first: 0, last: 100 }], [])).toBe(-1);
  expect(
    modelOwner(
      [
        { first: 0, last: 100 },
        { first: 200, last: 300 },
      ],
      [5000],
    ),
  ).toBe(1);
});
