import { describe, expect, it } from 'vitest';
import type { Note } from '../../schema/index.ts';
import { clientRecord, noteRecord } from './search-records.ts';

const data = {
  id: 'x-does-y',
  title: 'X does `y` 検索テスト',
  kind: 'bug',
  summary: 'X does y.',
  capabilities: ['protocolVersions'],
  clients: ['fast-agent', 'hermes-agent'],
  specVersions: ['2026-07-28'],
  sources: [],
  status: 'superseded',
  supersededBy: 'x-does-z',
  lastVerified: '2026-11-01',
} as unknown as Note;

describe('search records', () => {
  it('a note that later notes correct says so, for the result badge; one that nothing corrects does not', () => {
    const corrected = noteRecord({ id: 'x-does-y', data, stale: false, corrected: true }, '');
    expect(corrected.meta['corrected']).toBe('corrected in part');
    const plain = noteRecord({ id: 'x-does-y', data, stale: false }, '');
    expect(plain.meta).not.toHaveProperty('corrected');
  });

  it("a note's record carries its URL, meta, ids as filter values, sort key and the banner its page shows", () => {
    const record = noteRecord({ id: 'x-does-y', data, stale: false }, 'Body text.', 'X does z');
    expect(record.url).toBe('/research/x-does-y');
    expect(record.language).toBe('en');
    expect(record.filters).toEqual({
      kind: ['bug'],
      client: ['fast-agent', 'hermes-agent'],
      revision: ['2026-07-28'],
      capability: ['protocolVersions'],
      feature: [],
      status: ['superseded'],
    });
    expect(record.sort).toEqual({ lastVerified: '2026-11-01' });
    expect(record.meta).toEqual({
      title: 'X does `y`  検索 テスト ',
      summary: 'X does y.',
      id: 'x-does-y',
      type: 'note',
      kind: 'bug',
      status: 'superseded',
      lastVerified: '2026-11-01',
      clients: 'fast-agent hermes-agent',
    });
    expect(record.content).toBe(
      'Superseded. This note no longer reflects current behaviour. Read X does z instead.\nX does `y`  検索 テスト \nX does y.\nBody text.',
    );
  });

  it('a stale note says so in its meta; a current one has no banner', () => {
    const current = { ...data, status: 'current' } as Note;
    const record = noteRecord({ id: 'x-does-y', data: current, stale: true }, '');
    expect(record.meta['stale']).toBe('true');
    expect(record.content.startsWith('X does')).toBe(true);
  });

  it('a client is found by its name and facts, with no filters', () => {
    const record = clientRecord(
      { id: 'fast-agent', data: { name: 'fast-agent', homepage: 'https://fast-agent.ai', sdk: 'mcp Python SDK' } },
      'A client.',
    );
    expect(record).toEqual({
      url: '/clients/fast-agent',
      content: 'fast-agent\nmcp Python SDK\nA client.',
      language: 'en',
      meta: { title: 'fast-agent', id: 'fast-agent', type: 'client' },
    });
  });
});
