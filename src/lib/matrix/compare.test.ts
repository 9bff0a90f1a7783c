import { describe, expect, test } from 'vitest';
import { compareHint, parseCompare } from './compare.ts';

describe('parseCompare', () => {
  const known = ['codex', 'goose', 'zed', 'cline', 'cursor'];

  test.each([
    ['', []],
    ['?compare=zed,codex', ['zed', 'codex']],
    ['?compare=zed%2Ccodex', ['zed', 'codex']],
    ['?compare=zed,,zed,nobody,codex', ['zed', 'codex']],
    ['?compare=codex,goose,zed,cline,cursor', ['codex', 'goose', 'zed', 'cline']],
    ['?other=1', []],
  ])('%s picks %j', (search, expected) => {
    expect(parseCompare(search, known)).toEqual(expected);
  });
});

describe('compareHint', () => {
  test('asks for two, then one more, and names how many clients show', () => {
    expect(compareHint(12)).toBe('Pick two to compare; all 12 clients are shown.');
    expect(compareHint(12, 1)).toBe('Pick one more to compare; all 12 clients are shown.');
  });
});
