import { describe, expect, test } from 'vitest';
import { cellDetailId, cellDetailUrl, cellVersionLabel } from './cell-view.ts';
import type { VersionRun } from './version-runs.ts';

describe('a cell in words', () => {
  test('says since which version where it is known, else as of which, else nothing', () => {
    expect(cellVersionLabel({ since: '0.3.10', version: '0.4.1' })).toBe('since 0.3.10');
    expect(cellVersionLabel({ version: '0.210' })).toBe('as of 0.210');
    expect(cellVersionLabel({})).toBeUndefined();
  });

  test('where captures decide a cell its runs speak, never a bare since', () => {
    const oldest: VersionRun = { from: '1.0.11', to: '1.0.102', state: 'yes', fromIsOldestCaptured: true, captures: ['a', 'b'] };
    expect(cellVersionLabel({ state: 'yes', since: '1.0.11', version: '1.0.102', ranges: [oldest] })).toBe(
      'since at least 1.0.11 (oldest captured)',
    );
    expect(
      cellVersionLabel({
        state: 'partial',
        since: '1.0.71',
        ranges: [
          { ...oldest, to: '1.0.70', state: 'no' },
          { from: '1.0.71', state: 'partial', captures: ['c'] },
        ],
      }),
    ).toBe('1.0.11–1.0.70: no · 1.0.71: partial');
  });

  test("a cell's detail is its row on the client's page: ids differ per axis and column, and hold no character an id should not", () => {
    const ids = [
      cellDetailId({ axis: 'revision', column: '2025-11-25' }),
      cellDetailId({ axis: 'capability', column: 'tools' }),
      cellDetailId({ axis: 'revision', column: 'tools' }),
    ];
    expect(new Set(ids).size).toBe(3);
    expect(ids[0]).toBe('verdict-revision-2025-11-25');
    expect(cellDetailId({ axis: 'capability', column: 'x y.z' })).toBe('verdict-capability-x_y_z');
    expect(cellDetailUrl({ axis: 'capability', client: 'zed', column: 'tools' })).toBe('/clients/zed#verdict-capability-tools');
  });
});
