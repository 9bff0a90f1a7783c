import { describe, expect, test } from 'vitest';
import { compareVersions, isOlder } from './versions.ts';

describe('compareVersions', () => {
  test.each([
    ['2.1.260', '2.1.332', -1],
    ['2.1.332', '2.1.332', 0],
    ['2.1.40', '2.1.332', -1],
    ['0.171.0', '0.169.0', 1],
    ['10.0.0', '9.9.9', 1],
    ['0.210', '0.210.0', 0],
    ['0.210', '0.210.1', -1],
    ['v1.2.3', '1.2.3', 0],
    ['1.2.3+build.5', '1.2.3', 0],
    ['0.56.0-nightly.20260806', '0.61.0', -1],
    ['0.61.0-nightly.20261101', '0.61.0', -1],
    ['0.62.0-nightly.20261101', '0.61.0', 1],
    ['1.0.0-alpha', '1.0.0-alpha.1', -1],
    ['1.0.0-alpha.1', '1.0.0-alpha.beta', -1],
    ['1.0.0-beta.2', '1.0.0-beta.11', -1],
    ['1.0.0-rc.1', '1.0.0', -1],
    ['1.2 (build 45)', '1.2 (build 46)', -1],
    ['build 7', '1.0.0', 1],
  ] as const)('%s against %s is %d', (a, b, expected) => {
    expect(compareVersions(a, b)).toBe(expected);
    expect(compareVersions(b, a)).toBe(expected === 0 ? 0 : -expected);
  });

  test('a version without a number in it cannot be compared', () => {
    expect(compareVersions('latest', '1.0.0')).toBeUndefined();
    expect(isOlder('latest', '1.0.0')).toBe(false);
  });

  test('isOlder is true only for a strictly older version', () => {
    expect(isOlder('2.1.260', '2.1.332')).toBe(true);
    expect(isOlder('2.1.332', '2.1.332')).toBe(false);
    expect(isOlder('2.2.0', '2.1.332')).toBe(false);
  });
});
