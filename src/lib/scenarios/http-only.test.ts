import { describe, expect, test } from 'vitest';
import { scenarios } from './index.ts';
import { runsOverHttpOnly } from './scenario.ts';

describe('which scenarios run over HTTP only', () => {
  // The campaign picks each run's transport from this: an HTTP scenario played over stdio decides nothing.
  test('every sign-in and session scenario, and none of the stdio ones', () => {
    const http = scenarios.filter(runsOverHttpOnly).map((scenario) => scenario.name);
    for (const name of scenarios.map((scenario) => scenario.name))
      expect(http.includes(name), name).toBe(name.startsWith('auth-') || name.startsWith('http-'));
    expect(http).toContain('http-session');
    expect(http).toContain('http-get-stream');
  });
});
