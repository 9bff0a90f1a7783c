import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { scriptHash, searchShortcut, searchShortcutHash } from './search-shortcut.ts';

test('the hash is the CSP sha256 source of the exact script text', async () => {
  const expected = `sha256-${createHash('sha256').update(searchShortcut).digest('base64')}`;
  expect(await scriptHash(searchShortcut)).toBe(expected);
  expect(await scriptHash(`${searchShortcut} `)).not.toBe(expected);
  expect(await searchShortcutHash).toBe(expected);
});
