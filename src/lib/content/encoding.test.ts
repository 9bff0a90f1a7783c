import { describe, expect, test } from 'vitest';
import { decodeUtf8 } from './encoding.ts';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'utf8') : Buffer.from(part))));

describe('decodeUtf8', () => {
  test('valid UTF-8, a byte-order mark and multi-byte characters included, decodes as it is', () => {
    expect(decodeUtf8(bytes('\uFEFF---\ntitle: café 日本 🙂\n'))).toEqual({ text: '\uFEFF---\ntitle: café 日本 🙂\n' });
  });

  test('a Latin-1 é is placed at its line and column (in characters), naming the byte', () => {
    const result = decodeUtf8(bytes('---\ntitle: ok\n---\n\nA café 日本 caf', [0xe9], ' here.\n'));
    expect(result.invalid).toEqual({ line: 5, column: 14, byte: 0xe9 });
    expect(result.text).toContain('caf\uFFFD here.');
  });

  test('a lead byte cut short by plain text is placed at the lead byte', () => {
    expect(decodeUtf8(bytes('ab\ncd', [0xc3], 'e')).invalid).toEqual({ line: 2, column: 3, byte: 0xc3 });
  });

  test('a stray byte on the first line (a byte-order mark is no column), and a character cut at the end', () => {
    expect(decodeUtf8(bytes('\uFEFFab', [0xff])).invalid).toEqual({ line: 1, column: 3, byte: 0xff });
    expect(decodeUtf8(bytes([0x80], 'x')).invalid).toEqual({ line: 1, column: 1, byte: 0x80 });
    expect(decodeUtf8(bytes('x\ny', [0xe6, 0x97])).invalid).toEqual({ line: 2, column: 2, byte: 0xe6 });
  });
});
