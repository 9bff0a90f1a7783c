import { describe, expect, test } from 'vitest';
import { capturesShown } from './cell-captures.ts';

describe("a feature row's captures", () => {
  const ids = Array.from({ length: 10 }, (_, index) => `capture-${index}`);
  test('a few are all named', () => {
    expect(capturesShown(ids.slice(0, 3))).toEqual({ shown: ids.slice(0, 3), more: 0 });
  });
  test('one more than the limit is named too, rather than summed up as "1 more"', () => {
    expect(capturesShown(ids.slice(0, 4))).toEqual({ shown: ids.slice(0, 4), more: 0 });
  });
  test('many: the first the notes cite are named, in their order, and the rest counted', () => {
    expect(capturesShown(ids)).toEqual({ shown: ['capture-0', 'capture-1', 'capture-2'], more: 7 });
  });
});
