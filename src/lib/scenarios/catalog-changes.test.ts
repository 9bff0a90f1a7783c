/**
 * The list, logging, completion and roots judges on small hand-made captures: what each one calls
 * yes, no and not decided, through `judgeCapture` as the build and `probe facts` call it.
 */
import { describe, expect, test } from 'vitest';
import type { CaptureEvent, CaptureHeader } from '../../schema/capture.ts';
import { judgeCapture } from './index.ts';
import { RELIST_WINDOW_MS } from './list-facts.ts';
import type { FeatureFact } from './scenario.ts';

const headerOf = (scenario: string) =>
  ({
    capture: 1,
    client: 'x',
    version: '1',
    path: 'cli',
    transport: 'stdio',
    persona: 'observe',
    capturedAt: '2026-12-03T00:00:00Z',
    probe: '0.1.0',
    scenario,
  }) as CaptureHeader;

/** A capture from `[from, message, t?]` rows, closed by the client at the end. */
const capture = (scenario: string, rows: readonly (readonly ['client' | 'probe', unknown, (number | undefined)?])[]) => {
  const events: CaptureEvent[] = rows.map(([from, message, t], index) => ({
    seq: index + 1,
    t: t ?? index + 1,
    from,
    kind: 'message',
    raw: JSON.stringify(message),
  }));
  const last = events.at(-1)?.t ?? 0;
  events.push({ seq: events.length + 1, t: last + 1, from: 'probe', kind: 'lifecycle', event: 'closed' });
  return { header: headerOf(scenario), events };
};

const facts = (value: ReturnType<typeof capture>): Record<string, FeatureFact> =>
  Object.fromEntries(judgeCapture(value).map((item) => [item.feature, item]));

const init = (capabilities: Record<string, unknown>) =>
  ['client', { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities } }] as const;
const initAnswer = (capabilities: Record<string, unknown>) =>
  ['probe', { jsonrpc: '2.0', id: 0, result: { protocolVersion: '2025-11-25', capabilities } }] as const;
const ask = (id: number, method: string, params: Record<string, unknown> = {}, t?: number) =>
  ['client', { jsonrpc: '2.0', id, method, params }, t] as const;
const answer = (id: number, result: Record<string, unknown>, t?: number) => ['probe', { jsonrpc: '2.0', id, result }, t] as const;
const notify = (from: 'client' | 'probe', method: string, t?: number) =>
  [from, { jsonrpc: '2.0', method, params: {} }, t] as const;
const call = (id: number, name: string, t?: number) => ask(id, 'tools/call', { name, arguments: {} }, t);
const server = { tools: {}, prompts: { listChanged: true }, resources: { listChanged: true }, logging: {}, completions: {} };

describe('catalog-changes', () => {
  test('a client that follows the cursor, lists again, sets a level and completes gets yes for each', () => {
    const judged = facts(
      capture('catalog-changes', [
        init({ roots: { listChanged: true } }),
        initAnswer(server),
        notify('client', 'notifications/initialized'),
        ask(1, 'logging/setLevel', { level: 'debug' }),
        ask(2, 'tools/list'),
        answer(2, { tools: [{ name: 'catalog_first' }], nextCursor: 'canimcp-page-1' }),
        ask(3, 'tools/list', { cursor: 'canimcp-page-1' }),
        ask(4, 'prompts/list'),
        ask(5, 'resources/list'),
        ask(6, 'resources/templates/list'),
        ask(7, 'completion/complete', {
          ref: { type: 'ref/prompt', name: 'review_item' },
          argument: { name: 'item', value: 'a' },
        }),
        call(8, 'catalog_first'),
        notify('probe', 'notifications/prompts/list_changed'),
        notify('probe', 'notifications/resources/list_changed'),
        notify('probe', 'notifications/message'),
        ask(9, 'prompts/list'),
        ask(10, 'resources/list'),
        notify('client', 'notifications/roots/list_changed'),
      ]),
    );
    expect(Object.fromEntries(Object.entries(judged).map(([feature, item]) => [feature, item.state]))).toMatchObject({
      'utilities.pagination': 'yes',
      'resources.templates': 'yes',
      'prompts.listChanged': 'yes',
      'resources.listChanged': 'yes',
      'utilities.logging': 'yes',
      'utilities.logging.setLevel': 'yes',
      'utilities.completion': 'yes',
      'server-requests.roots.listChanged': 'yes',
    });
    expect(judged['utilities.logging.setLevel']?.detail).toBe('the client sent logging/setLevel (debug)');
    expect(judged['utilities.completion']?.detail).toBe('the client sent completion/complete for a ref/prompt');
    expect(judged['prompts.listChanged']?.seq).toEqual([8, 13, 16]);
  });

  test('a client that takes one page, never lists again and sets no level gets no; completion stays undecided', () => {
    const judged = facts(
      capture('catalog-changes', [
        init({ roots: {} }),
        initAnswer(server),
        notify('client', 'notifications/initialized'),
        ask(1, 'tools/list'),
        answer(1, { tools: [{ name: 'catalog_first' }], nextCursor: 'canimcp-page-1' }),
        ask(2, 'prompts/list'),
        call(3, 'catalog_first'),
        notify('probe', 'notifications/prompts/list_changed', 20),
        notify('probe', 'notifications/resources/list_changed', 21),
        notify('probe', 'notifications/message', 22),
        answer(3, { content: [] }, 22 + RELIST_WINDOW_MS),
        ['client', { jsonrpc: '2.0', method: 'notifications/cancelled', params: {} }, 30 + RELIST_WINDOW_MS],
      ]),
    );
    expect(judged['utilities.pagination']).toMatchObject({
      state: 'no',
      detail: 'the client took the first page of tools/list and called a tool without asking for the next',
    });
    expect(judged['resources.templates']?.state).toBe('no');
    expect(judged['prompts.listChanged']).toMatchObject({
      state: 'no',
      detail: 'the client listed prompts before notifications/prompts/list_changed and not again, though the session went on',
    });
    expect(judged['resources.listChanged']).toMatchObject({
      state: 'no',
      detail:
        'the client never listed resources, before or after notifications/resources/list_changed, though the session went on',
    });
    expect(judged['utilities.logging.setLevel']?.state).toBe('no');
    expect(judged['utilities.logging']).toMatchObject({
      state: 'yes',
      detail: 'the client took the log message and went on (it next sent notifications/cancelled)',
    });
    expect(judged['utilities.completion']?.state).toBe('not-observed');
    expect(judged['server-requests.roots.listChanged']).toMatchObject({
      state: 'no',
      detail:
        'the client did not declare roots.listChanged: it declared roots without it, so it says it will not announce root changes',
    });
  });

  test('what the capture cannot tell stays not-observed, never no', () => {
    const judged = facts(
      capture('catalog-changes', [
        init({ roots: { listChanged: true } }),
        initAnswer({ tools: {} }),
        notify('client', 'notifications/initialized'),
        notify('probe', 'notifications/prompts/list_changed', 10),
        ask(1, 'prompts/list', {}, 11),
        notify('probe', 'notifications/message', 12),
        ask(2, 'tools/list', {}, 13),
        answer(2, { tools: [{ name: 'catalog_first' }] }, 14),
      ]),
    );
    // A single list after the notification may be the first listing.
    expect(judged['prompts.listChanged']).toMatchObject({ state: 'not-observed' });
    // The run ended at once: no time for a refresh, no tool called.
    expect(judged['resources.listChanged']).toMatchObject({
      state: 'not-observed',
      detail: 'the probe never sent notifications/resources/list_changed',
    });
    // The probe declared no logging here, so neither a level nor a log message is judged.
    expect(judged['utilities.logging.setLevel']?.state).toBe('not-observed');
    expect(judged['utilities.logging']?.state).toBe('not-observed');
    expect(judged['utilities.pagination']).toMatchObject({
      state: 'not-observed',
      detail: 'the probe never answered tools/list with a nextCursor',
    });
    expect(judged['server-requests.roots.listChanged']?.state).toBe('not-observed');
    const late = facts(
      capture('catalog-changes', [
        init({}),
        initAnswer(server),
        ask(1, 'resources/list', {}, 2),
        notify('probe', 'notifications/resources/list_changed', 3),
        notify('client', 'notifications/initialized', 4),
      ]),
    );
    expect(late['resources.listChanged']?.detail).toBe(
      `the session ended within ${RELIST_WINDOW_MS} ms of notifications/resources/list_changed, the client calling no tool after it`,
    );
    expect(late['server-requests.roots.listChanged']?.state).toBe('no');
  });
});

describe('the existing scenarios judge the same features from their own captures', () => {
  test('prompts-resources: templates and list changes; utilities: logging; server-requests: roots.listChanged', () => {
    const lists = facts(
      capture('prompts-resources', [
        init({}),
        initAnswer(server),
        notify('client', 'notifications/initialized'),
        notify('probe', 'notifications/prompts/list_changed'),
        ask(1, 'tools/list'),
        ask(2, 'prompts/list'),
        ask(3, 'prompts/list'),
        notify('probe', 'notifications/resources/list_changed'),
        call(4, 'list_notes'),
      ]),
    );
    expect(lists['resources.templates']?.state).toBe('no');
    expect(lists['prompts.listChanged']?.state).toBe('yes');
    expect(lists['resources.listChanged']?.detail).toBe(
      'the client never listed resources, before or after notifications/resources/list_changed, though the session went on',
    );
    const logs = facts(
      capture('utilities', [
        init({}),
        initAnswer({ tools: {}, logging: {} }),
        notify('client', 'notifications/initialized'),
        call(1, 'slow_task'),
        notify('probe', 'notifications/message'),
        call(2, 'wait_forever'),
      ]),
    );
    expect(logs['utilities.logging']?.state).toBe('yes');
    expect(logs['utilities.logging.setLevel']?.state).toBe('no');
    const roots = facts(capture('server-requests', [init({})]));
    expect(roots['server-requests.roots.listChanged']?.detail).toBe(
      'the client did not declare roots.listChanged, nor roots at all, so it announces no root changes',
    );
    // A capture of no scenario says nothing of these features.
    expect(facts(capture('handshake-only', [init({})]))['server-requests.roots.listChanged']).toBeUndefined();
  });
});
