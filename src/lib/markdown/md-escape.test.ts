import { expect, test } from 'vitest';
import { linkText } from './md-escape.ts';

test.each([
  ['Plain title', 'Plain title'],
  ['Zed [beta] support', 'Zed \\[beta\\] support'],
  ['a \\ b', 'a \\\\ b'],
  ['\\]', '\\\\\\]'],
])('%s', (text, expected) => {
  expect(linkText(text)).toBe(expected);
});
