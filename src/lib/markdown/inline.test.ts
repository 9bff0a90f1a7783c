import { describe, expect, test } from 'vitest';
import { codeSpans, plainText } from './inline.ts';

describe('codeSpans', () => {
  test('splits text on code spans, keeping both', () => {
    expect(codeSpans('Its `protocol: auto` sends `initialize`.')).toEqual([
      { code: false, text: 'Its ' },
      { code: true, text: 'protocol: auto' },
      { code: false, text: ' sends ' },
      { code: true, text: 'initialize' },
      { code: false, text: '.' },
    ]);
  });
});

describe('plainText', () => {
  test('code spans keep their words and lose their backticks', () => {
    expect(plainText('Its `protocol: auto` sends `initialize` first.')).toBe('Its protocol: auto sends initialize first.');
  });

  test('text without code, and a lone backtick, stays as written', () => {
    expect(plainText('No code here.')).toBe('No code here.');
    expect(plainText('A lone ` stays.')).toBe('A lone ` stays.');
  });
});
