import { describe, expect, test } from 'vitest';
import { parseView } from './registry.ts';

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
