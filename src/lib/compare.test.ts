import { describe, expect, test } from 'vitest';
import { parseCompare } from './compare.ts';

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
