import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { sha256Hex } from './sha256.ts';

test.each([
  ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
  ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
])('the FIPS 180-4 vector %j', (text, hex) => expect(sha256Hex(text)).toBe(hex));

test.each([55, 56, 63, 64, 65, 1000])('agrees with node:crypto on %i characters of UTF-8 text', (length) => {
  const text = 'é→ab'.repeat(length).slice(0, length);
  expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
});
