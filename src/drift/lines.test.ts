import { describe, expect, test } from 'vitest';
import { compareLines, worstStatus } from './lines.ts';

const file = (...lines: string[]) => `${lines.join('\n')}\n`;
const then = file('a', 'b', 'c', 'd', 'e');

describe('compareLines', () => {
  test('the same lines at the same place are unchanged', () => {
    expect(compareLines(then, file('a', 'b', 'c', 'd', 'e', 'f'), [{ from: 2, to: 3 }])).toEqual([
      { status: 'unchanged', lines: { from: 2, to: 3 } },
    ]);
  });

  test('the same lines elsewhere are moved, with their new range', () => {
    expect(compareLines(then, file('new', 'new', 'a', 'b', 'c', 'd', 'e'), [{ from: 2, to: 3 }])).toEqual([
      { status: 'moved', lines: { from: 2, to: 3 }, now: { from: 4, to: 5 } },
    ]);
  });

  test('of several places the nearest is given', () => {
    expect(compareLines(file('x', 'b', 'c', 'y'), file('b', 'c', 'z', 'z', 'z', 'b', 'c'), [{ from: 2, to: 3 }])[0]?.now).toEqual(
      {
        from: 1,
        to: 2,
      },
    );
  });

  test('lines that are nowhere now are changed', () => {
    expect(compareLines(then, file('a', 'B', 'c', 'd', 'e'), [{ from: 2, to: 3 }])).toEqual([
      { status: 'changed', lines: { from: 2, to: 3 } },
    ]);
  });

  test('a file that is gone makes every range gone', () => {
    expect(
      compareLines(then, undefined, [
        { from: 1, to: 1 },
        { from: 4, to: 5 },
      ]).map((verdict) => verdict.status),
    ).toEqual(['gone', 'gone']);
  });

  test('each range is judged on its own', () => {
    const now = file('a', 'B', 'x', 'c', 'd', 'e');
    expect(
      compareLines(then, now, [
        { from: 1, to: 1 },
        { from: 2, to: 2 },
        { from: 4, to: 5 },
      ]),
    ).toEqual([
      { status: 'unchanged', lines: { from: 1, to: 1 } },
      { status: 'changed', lines: { from: 2, to: 2 } },
      { status: 'moved', lines: { from: 4, to: 5 }, now: { from: 5, to: 6 } },
    ]);
  });

  test('a range past the end of the file at the pinned commit is missing, not unchanged', () => {
    expect(compareLines(then, then, [{ from: 4, to: 9 }])).toEqual([
      { status: 'missing', lines: { from: 4, to: 9 }, detail: 'the file has 5 lines at the pinned commit' },
    ]);
  });

  test('without ranges the whole file is compared, and CRLF line ends do not count as a change', () => {
    expect(compareLines(then, then.replace(/\n/g, '\r\n'), [])).toEqual([{ status: 'unchanged' }]);
    expect(compareLines(then, file('a'), [])).toEqual([{ status: 'changed' }]);
    expect(compareLines(then, undefined, [])).toEqual([{ status: 'gone' }]);
  });
});

describe('worstStatus', () => {
  test('sums up by the worst', () => {
    expect(worstStatus([])).toBe('unchanged');
    expect(worstStatus(['unchanged', 'moved'])).toBe('moved');
    expect(worstStatus(['moved', 'changed', 'unchanged'])).toBe('changed');
    expect(worstStatus(['changed', 'gone'])).toBe('gone');
  });
});
