import { expect, test } from 'vitest';
import { decodeShared, encodeShared, MAX_SHARED } from './share.ts';
import { exampleServer } from './example.ts';

test('the example round-trips through the URL fragment, in URL-safe characters', async () => {
  const text = JSON.stringify(exampleServer, null, 2);
  const shared = await encodeShared(text);
  expect(shared).toMatch(/^[A-Za-z0-9_-]+$/);
  expect((shared as string).length).toBeLessThan(text.length);
  expect(await decodeShared(shared as string)).toBe(text);
});

test('a text too long to share is not encoded, and a fragment this page did not write is refused', async () => {
  const random = Array.from({ length: MAX_SHARED }, (_, index) => ((index * 7919) % 65_521).toString(36)).join('');
  expect(await encodeShared(random)).toBeUndefined();
  expect(await decodeShared('not-compressed')).toBeUndefined();
  expect(await decodeShared('%%%')).toBeUndefined();
});
