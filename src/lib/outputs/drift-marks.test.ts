import { describe, expect, test } from 'vitest';
import type { DriftReport } from '../../schema/drift.ts';
import type { Note } from '../../schema/index.ts';
import { cellKey, clientDrift, driftTwinLine, noteDrift } from './drift-marks.ts';

const at = { file: 'x.md', line: 1, column: 1 };
const report: DriftReport = {
  drift: 1,
  checked: '2026-12-01',
  releases: [],
  verdicts: [
    {
      client: 'c',
      axis: 'capability',
      column: 'tools',
      version: '1.0.0',
      newest: '1.2.0',
      released: '2026-11-30',
      evidence: 'read',
      at,
    },
  ],
  sources: [
    {
      note: 'n',
      url: 'https://github.com/o/r',
      commit: 'abc1234',
      path: 'a.py:1-2',
      status: 'changed',
      files: [{ file: 'a.py', status: 'changed', lines: '1-2' }],
      at,
    },
    {
      note: 'n',
      url: 'https://github.com/o/r',
      commit: 'abc1234',
      path: 'b.py:1; c_d.py',
      status: 'gone',
      files: [
        { file: 'b.py', status: 'moved', lines: '1', now: '4' },
        { file: 'c_d.py', status: 'gone' },
      ],
      at,
    },
    {
      note: 'n',
      url: 'https://github.com/o/r',
      commit: 'abc1234',
      path: 'e.py',
      status: 'unreachable',
      files: [],
      detail: 'no network',
      at,
    },
  ],
};
const source = (path: string) => ({ url: 'https://github.com/o/r', title: path, commit: 'abc1234', path, date: '2026-01-01' });

describe('noteDrift', () => {
  test('marks the sources that changed, gone or not found, in the note’s order, never unreachable ones', () => {
    const note = {
      id: 'n',
      data: { sources: [source('e.py'), source('b.py:1; c_d.py'), source('a.py:1-2')] as Note['sources'] },
    };
    const drift = noteDrift(report, note);
    expect(drift?.sources.map((mark) => [mark.index, mark.changes])).toEqual([
      [1, 'b.py:1 moved to 4, c_d.py gone from the default branch'],
      [2, 'changed'],
    ]);
    expect(driftTwinLine(drift!)).toBe(
      'Changed upstream (checked 2026-12-01): `b.py:1; c_d.py` at commit `abc1234`: `b.py:1` moved to 4, `c_d.py` gone from the default branch · `a.py:1-2` at commit `abc1234`: changed',
    );
  });

  test('no report, another note, or a source pinned anew: no mark', () => {
    const note = { id: 'n', data: { sources: [source('a.py:1-2')] as Note['sources'] } };
    expect(noteDrift(undefined, note)).toBeUndefined();
    expect(noteDrift(report, { ...note, id: 'other' })).toBeUndefined();
    expect(noteDrift(report, { id: 'n', data: { sources: [{ ...source('a.py:1-2'), commit: 'def5678' }] } })).toBeUndefined();
  });
});

describe('clientDrift', () => {
  test('marks a verdict still on the version that was checked, and drops the mark once it moved on', () => {
    const client = (version: string) => ({
      id: 'c',
      data: { support: [{ capability: 'tools', state: 'yes' as const, notes: ['n'], version }] },
    });
    expect(clientDrift(report, client('1.0.0')).get(cellKey('capability', 'tools'))).toEqual({
      newest: '1.2.0',
      released: '2026-11-30',
      checked: '2026-12-01',
      evidence: 'read',
    });
    expect(clientDrift(report, client('1.2.0')).size).toBe(0);
    expect(clientDrift(undefined, client('1.0.0')).size).toBe(0);
  });
});
