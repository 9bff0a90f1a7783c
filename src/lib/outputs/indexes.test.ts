import { describe, expect, test } from 'vitest';
import type { Note } from '../../schema/index.ts';
import { backlinks, correctedBy, countByKind, newestFirst, notesBy, relatedBothWays, type Indexed } from './indexes.ts';

const note = (id: string, lastUpdated: string, data: Partial<Note> = {}): Indexed => ({
  id,
  lastUpdated,
  data: {
    id,
    title: `Title ${id}`,
    kind: 'nuance',
    summary: 'One sentence.',
    capabilities: ['tools'],
    clients: ['hermes-agent'],
    specVersions: ['2025-11-25'],
    sources: [{ url: 'https://example.com', title: 'S', date: '2026-01-01' }],
    status: 'current',
    lastVerified: '2026-01-01',
    ...data,
  },
});

const ids = (notes: readonly Indexed[] | undefined) => notes?.map((entry) => entry.id);

describe('newestFirst', () => {
  test('newest last-updated first, ties by title, without changing the input', () => {
    const input = [note('b', '2026-01-01'), note('c', '2026-03-01'), note('a', '2026-01-01')];
    expect(ids(newestFirst(input))).toEqual(['c', 'a', 'b']);
    expect(ids(input)).toEqual(['b', 'c', 'a']);
  });
});

describe('relatedBothWays', () => {
  const notes = [
    note('a', '2026-01-01', { related: ['b', 'missing', 'a'] }),
    note('b', '2026-01-01'),
    note('c', '2026-01-01', { related: ['a', 'b'] }),
    note('d', '2026-01-01', { related: ['c'] }),
  ];
  const related = relatedBothWays(notes);

  test('a note shows the notes it lists, then the ones that list it; unknown ids and itself are left out', () => {
    expect(ids(related.get('a'))).toEqual(['b', 'c']);
    expect(ids(related.get('b'))).toEqual(['a', 'c']);
    expect(ids(related.get('c'))).toEqual(['a', 'b', 'd']);
    expect(ids(related.get('d'))).toEqual(['c']);
  });

  test('a link written on both notes appears once', () => {
    const both = relatedBothWays([note('x', '2026-01-01', { related: ['y'] }), note('y', '2026-01-01', { related: ['x'] })]);
    expect(ids(both.get('x'))).toEqual(['y']);
    expect(ids(both.get('y'))).toEqual(['x']);
  });

  test('every note has an entry, even with nothing related', () => {
    expect(ids(relatedBothWays([note('lonely', '2026-01-01')]).get('lonely'))).toEqual([]);
  });
});

describe('backlinks', () => {
  test('the ids of the notes that list a note, not the ones it lists', () => {
    const links = backlinks([
      note('a', '2026-01-01', { related: ['b'] }),
      note('b', '2026-01-01'),
      note('c', '2026-01-01', { related: ['b', 'a'] }),
    ]);
    expect(links.get('a')).toEqual(['c']);
    expect(links.get('b')).toEqual(['a', 'c']);
    expect(links.get('c')).toEqual([]);
  });
});

describe('correctedBy', () => {
  test('the ids of the notes that correct a note, in order; unknown ids, itself and repeats left out', () => {
    const corrections = correctedBy([
      note('old', '2026-01-01'),
      note('fix', '2026-02-01', { corrects: ['old', 'missing', 'fix'] }),
      note('later', '2026-03-01', { corrects: ['old', 'fix', 'old'] }),
    ]);
    expect(corrections.get('old')).toEqual(['fix', 'later']);
    expect(corrections.get('fix')).toEqual(['later']);
    expect(corrections.get('later')).toEqual([]);
    expect(corrections.has('missing')).toBe(false);
  });

  test('related notes are not corrections', () => {
    expect(correctedBy([note('a', '2026-01-01'), note('b', '2026-01-01', { related: ['a'] })]).get('a')).toEqual([]);
  });
});

describe('notesBy', () => {
  const notes = [
    note('old', '2025-01-01', { clients: ['hermes-agent', 'fast-agent'], specVersions: ['2025-11-25'] }),
    note('new', '2026-06-01', { clients: ['fast-agent'], specVersions: ['2025-11-25', '2026-07-28'] }),
    note('mid', '2025-06-01', { clients: ['zed'] }),
  ];

  test('groups by each id a note names, newest first within a group', () => {
    const byClient = notesBy(notes, 'clients');
    expect([...byClient.keys()].sort()).toEqual(['fast-agent', 'hermes-agent', 'zed']);
    expect(ids(byClient.get('fast-agent'))).toEqual(['new', 'old']);
    expect(ids(byClient.get('hermes-agent'))).toEqual(['old']);
    expect(ids(notesBy(notes, 'specVersions').get('2025-11-25'))).toEqual(['new', 'mid', 'old']);
    expect(ids(notesBy(notes, 'specVersions').get('2026-07-28'))).toEqual(['new']);
    expect(notesBy(notes, 'clients').get('codex')).toBeUndefined();
  });
});

describe('countByKind', () => {
  test('every kind, in the canonical order, zero where none', () => {
    const counts = countByKind([
      note('a', '2026-01-01', { kind: 'bug' }),
      note('b', '2026-01-01', { kind: 'bug' }),
      note('c', '2026-01-01', { kind: 'gap' }),
    ]);
    expect(Object.entries(counts)).toEqual([
      ['nuance', 0],
      ['support', 0],
      ['gap', 1],
      ['bug', 2],
      ['change', 0],
    ]);
  });
});
