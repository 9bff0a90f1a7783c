import { describe, expect, test } from 'vitest';
import { CAPTURE_PAGE_SIZE, captureGroups, capturePageCount } from './capture-index.ts';

const capture = (client: string, version: string, capturedAt: string) => ({ client, version, capturedAt });

describe('the captures index', () => {
  test('groups captures by client in their order, counting captures and distinct versions, with the newest', () => {
    const groups = captureGroups([
      capture('amp', '1.0', '2026-11-02T10:00:00Z'),
      capture('amp', '1.0', '2026-11-03T10:00:00Z'),
      capture('amp', '0.9', '2026-10-01T10:00:00Z'),
      capture('codex', '0.1', '2026-09-01T10:00:00Z'),
    ]);
    expect(groups).toEqual([
      { client: 'amp', captures: 3, versions: 2, newest: '2026-11-03T10:00:00Z', page: 1 },
      { client: 'codex', captures: 1, versions: 1, newest: '2026-09-01T10:00:00Z', page: 1 },
    ]);
  });

  test('each client names the page where its first capture is listed', () => {
    const list = [
      ...Array.from({ length: 3 }, () => capture('a', '1', '2026-01-01')),
      ...Array.from({ length: 2 }, () => capture('b', '1', '2026-01-01')),
      capture('c', '1', '2026-01-01'),
    ];
    expect(captureGroups(list, 2).map((group) => [group.client, group.page])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
  });

  test('ten times the captures still fit a bounded page each', () => {
    expect(capturePageCount(0)).toBe(1);
    expect(capturePageCount(CAPTURE_PAGE_SIZE)).toBe(1);
    expect(capturePageCount(3240)).toBe(Math.ceil(3240 / CAPTURE_PAGE_SIZE));
  });
});
