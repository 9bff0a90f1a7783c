import { describe, expect, test } from 'vitest';
import { citedFiles, formatRange } from './source-paths.ts';

describe('citedFiles', () => {
  test.each([
    ['a.py', [{ file: 'a.py', ranges: [], label: 'a.py' }]],
    ['tools/x.py:188-252', [{ file: 'tools/x.py', ranges: [{ from: 188, to: 252 }], label: 'tools/x.py:188-252' }]],
    [
      'CHANGELOG.md:22, 81, 86-90',
      [
        {
          file: 'CHANGELOG.md',
          ranges: [
            { from: 22, to: 22 },
            { from: 81, to: 81 },
            { from: 86, to: 90 },
          ],
          label: 'CHANGELOG.md:22, 81, 86-90',
        },
      ],
    ],
    [
      'a.ts:45, 199-241; b.ts:1-5',
      [
        {
          file: 'a.ts',
          ranges: [
            { from: 45, to: 45 },
            { from: 199, to: 241 },
          ],
          label: 'a.ts:45, 199-241',
        },
        { file: 'b.ts', ranges: [{ from: 1, to: 5 }], label: 'b.ts:1-5' },
      ],
    ],
    [
      'a.py:1-2, b/c.py:3,d.py',
      [
        { file: 'a.py', ranges: [{ from: 1, to: 2 }], label: 'a.py:1-2' },
        { file: 'b/c.py', ranges: [{ from: 3, to: 3 }], label: 'b/c.py:3' },
        { file: 'd.py', ranges: [], label: 'd.py' },
      ],
    ],
    [
      'docs/x/elicitation.mdx, section Capabilities',
      [{ file: 'docs/x/elicitation.mdx', ranges: [], label: 'docs/x/elicitation.mdx, section Capabilities' }],
    ],
  ])('%s', (path, expected) => {
    expect(citedFiles(path)).toEqual(expected);
  });

  test('a backwards range is no range', () => {
    expect(citedFiles('a.py:9-3')).toEqual([{ file: 'a.py', ranges: [], label: 'a.py:9-3' }]);
  });
});

test('formatRange writes one line as one number', () => {
  expect(formatRange({ from: 4, to: 4 })).toBe('4');
  expect(formatRange({ from: 4, to: 9 })).toBe('4-9');
});
