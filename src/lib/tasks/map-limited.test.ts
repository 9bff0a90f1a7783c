import { expect, test } from 'vitest';
import { mapLimited } from './map-limited.ts';

test('every item is done once, in order, never more than the limit at a time', async () => {
  let running = 0;
  let most = 0;
  const items = Array.from({ length: 50 }, (_, index) => index);
  const results = await mapLimited(items, 4, async (item) => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, item % 3));
    running -= 1;
    return item * 2;
  });
  expect(results).toEqual(items.map((item) => item * 2));
  expect(most).toBe(4);
});

test('no items, no work', async () => {
  expect(await mapLimited([], 8, () => Promise.reject(new Error('called')))).toEqual([]);
});

test('a failed item fails the whole run', async () => {
  await expect(
    mapLimited([1, 2, 3], 2, (item) => (item === 2 ? Promise.reject(new Error('two')) : Promise.resolve(item))),
  ).rejects.toThrow('two');
});
