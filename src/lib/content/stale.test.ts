import { describe, expect, test } from 'vitest';
import type { Note } from '../../schema/index.ts';
import type { Entry } from './entries.ts';
import { daysBetween, isStale, STALE_AFTER_DAYS, staleNotes } from './stale.ts';

const entry = (id: string, lastVerified: string, clients = ['hermes-agent']): Entry<Note> =>
  ({ id, file: `content/research/${id}.md`, data: { lastVerified, clients } }) as Entry<Note>;

describe('daysBetween', () => {
  test.each([
    ['2026-11-30', '2026-11-30', 0],
    ['2026-11-29', '2026-11-30', 1],
    ['2026-02-28', '2026-03-01', 1],
    ['2024-02-28', '2024-03-01', 2],
    ['2025-11-30', '2026-11-30', 365],
    ['2026-12-01', '2026-11-30', -1],
  ])('%s → %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

describe('isStale', () => {
  test('stale only when more than the limit has passed', () => {
    expect(isStale('2026-06-03', '2026-11-30')).toBe(false); // 180 days
    expect(isStale('2026-06-02', '2026-11-30')).toBe(true); // 181 days
    expect(isStale('2026-11-01', '2026-11-30', 28)).toBe(true);
    expect(isStale('2026-11-02', '2026-11-30', 28)).toBe(false);
  });
});

describe('the default limit', () => {
  test('is the one a caller names: stale from the day after it, on every day around it', () => {
    const today = '2026-11-30';
    const daysAgo = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
    for (let days = STALE_AFTER_DAYS - 3; days <= STALE_AFTER_DAYS + 3; days += 1) {
      expect(isStale(daysAgo(days), today)).toBe(days > STALE_AFTER_DAYS);
      expect(isStale(daysAgo(days), today)).toBe(isStale(daysAgo(days), today, STALE_AFTER_DAYS));
    }
    // A note verified today, or in the future (a clock behind), is never stale.
    expect(isStale(today, today)).toBe(false);
    expect(isStale('2026-12-05', today)).toBe(false);
  });
});

describe('staleNotes', () => {
  test('notes older than the limit, oldest first (ties by id), with their age and clients', () => {
    const notes = [
      entry('fresh', '2026-11-01'),
      entry('b-old', '2025-01-10', ['zed', 'codex']),
      entry('a-old', '2025-01-10'),
      entry('older', '2024-12-31'),
      entry('edge', '2026-06-03'),
    ];
    expect(staleNotes(notes, 180, '2026-11-30')).toEqual([
      { id: 'older', file: 'content/research/older.md', lastVerified: '2024-12-31', days: 699, clients: ['hermes-agent'] },
      { id: 'a-old', file: 'content/research/a-old.md', lastVerified: '2025-01-10', days: 689, clients: ['hermes-agent'] },
      { id: 'b-old', file: 'content/research/b-old.md', lastVerified: '2025-01-10', days: 689, clients: ['zed', 'codex'] },
    ]);
    expect(staleNotes(notes, 0, '2026-11-30').map((note) => note.id)).toEqual(['older', 'a-old', 'b-old', 'edge', 'fresh']);
    expect(staleNotes([], 180, '2026-11-30')).toEqual([]);
  });
});
