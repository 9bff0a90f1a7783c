import { describe, expect, test } from 'vitest';
import { readJsonText } from './json-text.ts';

describe('readJsonText', () => {
  test('reads valid JSON, with or without a byte-order mark', () => {
    expect(readJsonText('{"a": [1, 2.5e3, true, null, "x\\u00e9"]}')).toEqual({
      ok: true,
      value: { a: [1, 2500, true, null, 'xé'] },
    });
    expect(readJsonText('\uFEFF[]')).toEqual({ ok: true, value: [] });
  });

  test.each([
    ['{\n  "a": 1,\n}', 3, 1, 'expected a property name in double quotes, found "}"'],
    ['{"a" 1}', 1, 6, 'expected ":", found "1"'],
    ['[1, 2', 1, 6, 'expected "," or "]", found the end of the text'],
    ['{"a": "line\nbreak"}', 1, 12, 'a control character (such as a line break) inside a string'],
    ["{'a': 1}", 1, 2, 'expected a property name in double quotes, found "\'"'],
    ['{"a": 1} x', 1, 10, 'expected the end of the text, found "x"'],
    ['', 1, 1, 'expected a value, found the end of the text'],
    ['{"a": tru}', 1, 7, 'expected a value, found "t"'],
    ['"\\x"', 1, 2, 'unknown escape \\x in a string'],
  ])('%j: line %i, column %i', (text, line, column, message) => {
    expect(readJsonText(text)).toEqual({ ok: false, mistake: { line, column, message } });
  });

  test('agrees with JSON.parse on what is valid', () => {
    for (const text of ['0', '-0.5', '1e5', '"\\/"', '[[[]]]', '{"":{}}', '01', '1.', '.5', '+1', '[1,]', 'NaN']) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect(readJsonText(text).ok, text).toBe(valid);
    }
  });
});
