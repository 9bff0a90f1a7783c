import { describe, expect, test } from 'vitest';
import { correctionMark } from './corrections.ts';

describe('correctionMark', () => {
  test('nothing where no note corrects it', () => {
    expect(correctionMark([])).toBe('');
  });

  test("links each correcting note's twin by its title, in the order given", () => {
    expect(correctionMark([{ id: 'a', title: 'A [later] note' }])).toBe(
      'Corrected in part by [A \\[later\\] note](/research/a.md).',
    );
    expect(
      correctionMark([
        { id: 'a', title: 'A' },
        { id: 'b', title: 'B' },
        { id: 'c', title: 'C' },
      ]),
    ).toBe('Corrected in part by [A](/research/a.md), [B](/research/b.md) and [C](/research/c.md).');
  });

  test('links are made by the given function: absolute in an llms.txt', () => {
    expect(correctionMark([{ id: 'a', title: 'A' }], (path) => `https://canimcp.io${path}`)).toBe(
      'Corrected in part by [A](https://canimcp.io/research/a.md).',
    );
  });
});
