import { describe, expect, test } from 'vitest';
import { freshness, freshnessWords, isCurrent } from './freshness.ts';

const times = {
  '2.1.81': '2026-03-12T18:00:00Z',
  '2.1.90': '2026-04-01T09:00:00Z',
  '2.1.91-nightly.1': '2026-04-02T09:00:00Z',
  '2.1.95': '2026-04-22T20:00:00Z',
};

describe('freshness: how far a cell is behind its client’s newest release', () => {
  test('behind by the releases after its newest capture, and by the days between their releases', () => {
    const fresh = freshness(['2.1.81', '2.1.90'], times);
    expect(fresh).toEqual({ captured: '2.1.90', newest: '2.1.95', behind: 1, days: 21 });
    expect(freshnessWords(fresh as NonNullable<typeof fresh>)).toBe('1 release behind 2.1.95 (21 days)');
    expect(isCurrent(fresh)).toBe(false);
    expect(freshnessWords(freshness(['2.1.81'], times) as NonNullable<typeof fresh>)).toBe('2 releases behind 2.1.95 (41 days)');
  });

  test('current where its newest capture is the newest release (a nightly is no release)', () => {
    const fresh = freshness(['2.1.95'], times);
    expect(fresh).toEqual({ captured: '2.1.95', newest: '2.1.95', behind: 0, days: 0 });
    expect(isCurrent(fresh)).toBe(true);
    expect(freshnessWords(fresh as NonNullable<typeof fresh>)).toBe('current (2.1.95 is the newest release)');
  });

  test('unknown without a release list or a capture; days unknown where the captured version is not dated', () => {
    expect(freshness(['2.1.95'], undefined)).toBeUndefined();
    expect(freshness([], times)).toBeUndefined();
    expect(isCurrent(undefined)).toBe(false);
    expect(freshness(['2.1.85'], times)).toEqual({ captured: '2.1.85', newest: '2.1.95', behind: 2 });
  });
});
