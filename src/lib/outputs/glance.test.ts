import { describe, expect, test } from 'vitest';
import { clientFeatureId, groupByState } from './glance.ts';

describe('groupByState', () => {
  test('lists the ids of each known state in the order given, and counts the unknown apart', () => {
    const cells = [
      { feature: 'a', state: 'no' as const },
      { feature: 'b', state: 'yes' as const },
      { feature: 'c', state: 'unknown' as const },
      { feature: 'd', state: 'yes' as const },
      { feature: 'e', state: 'partial' as const },
      { feature: 'f', state: 'unknown' as const },
    ];
    expect(
      groupByState(
        cells,
        (cell) => cell.feature,
        (cell) => cell.state,
      ),
    ).toEqual({ yes: ['b', 'd'], partial: ['e'], no: ['a'], unknown: 2 });
  });

  test('nothing known is every list empty, never a no', () => {
    expect(
      groupByState(
        [{ state: 'unknown' as const }],
        () => 'x',
        (cell) => cell.state,
      ),
    ).toEqual({
      yes: [],
      partial: [],
      no: [],
      unknown: 1,
    });
  });
});

describe('clientFeatureId', () => {
  test("is the feature's id under a prefix no other id on a client page has", () => {
    expect(clientFeatureId('tools.result.structuredContent')).toBe('feature-tools.result.structuredContent');
  });
});
