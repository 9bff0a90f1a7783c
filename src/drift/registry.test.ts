import { describe, expect, test } from 'vitest';
import { parseVersionTimes, parseView } from './registry.ts';

describe('parseView', () => {
  test('reads the latest tag and the day it was published', () => {
    expect(
      parseView('{"dist-tags":{"latest":"0.171.0","next":"0.172.0-alpha.1"},"time":{"0.171.0":"2026-11-20T18:02:11.000Z"}}'),
    ).toEqual({
      version: '0.171.0',
      date: '2026-11-20',
    });
  });

  test('a release without a publication time keeps its version', () => {
    expect(parseView('{"dist-tags":{"latest":"1.0.0"}}')).toEqual({ version: '1.0.0' });
  });

  test("npm's own error answer says why", () => {
    expect(parseView('{"error":{"code":"E404","summary":"Not Found - GET …/nope - Not found\\nmore"}}')).toEqual({
      unreachable: 'Not Found - GET …/nope - Not found',
    });
  });

  test('anything else is no answer', () => {
    expect(parseView('not json')).toEqual({ unreachable: 'npm view did not answer with JSON' });
    expect(parseView('{"dist-tags":{}}')).toEqual({ unreachable: 'the registry names no latest release' });
  });
});

describe('parseVersionTimes', () => {
  test('keeps each listed version with its time, and no version the registry no longer lists', () => {
    expect(
      parseVersionTimes(
        JSON.stringify({
          time: {
            created: '2025-01-01T00:00:00Z',
            modified: '2026-12-01T00:00:00Z',
            '7.0.33': '2026-05-08T16:38:17.386000+00:00',
            '7.0.1': '2026-04-01T00:00:00Z',
          },
          versions: ['7.0.33'],
        }),
      ),
    ).toEqual({ versions: { '7.0.33': '2026-05-08T16:38:17.386000+00:00' } });
  });

  test('a package with one version lists it as a string; an error or anything else says why', () => {
    expect(parseVersionTimes('{"time":{"1.0.0":"2026-01-01T00:00:00Z"},"versions":"1.0.0"}')).toEqual({
      versions: { '1.0.0': '2026-01-01T00:00:00Z' },
    });
    expect(parseVersionTimes('{"error":{"code":"E404","summary":"Not Found"}}')).toEqual({ unreachable: 'Not Found' });
    expect(parseVersionTimes('{}')).toEqual({ unreachable: 'the registry lists no versions with times' });
    expect(parseVersionTimes('nope')).toEqual({ unreachable: 'npm view did not answer with JSON' });
  });
});
