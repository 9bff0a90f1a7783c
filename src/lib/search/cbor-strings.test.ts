import { describe, expect, it } from 'vitest';
import { cborStrings } from './cbor-strings.ts';

const text = (value: string) => {
  const utf8 = new TextEncoder().encode(value);
  return [0x60 + utf8.length, ...utf8];
};

describe('cborStrings', () => {
  it('finds the text strings inside arrays, maps and tags, past numbers of every width and byte strings', () => {
    const bytes = Uint8Array.from([
      0x86, // an array of 6
      ...text('1.6.0'),
      0x99,
      0x00,
      0x02, // an array of 2, with a 16-bit length
      0x83,
      ...text('en_b9192ab'),
      0x19,
      0x03,
      0x00,
      0x60, // [hash, 768, ""]
      0x83,
      ...text('en_8c7a5e8'),
      0x1a,
      0x00,
      0x01,
      0x00,
      0x00,
      0x20, // [hash, 65536, -1]
      0xa1,
      ...text('kind'),
      ...text('gapé'), // {kind: gapé}
      0x43,
      0x6a,
      0x6b,
      0x6c, // bytes, not text, though they read "jkl"
      0xc1,
      0xfb,
      0x41,
      0xd9,
      0x58,
      0x1d,
      0x4d,
      0x00,
      0x00,
      0x00, // tag 1 over a float
      0x7f,
      0x62,
      0x68,
      0x69,
      0x61,
      0x21,
      0xff, // an indefinite text string in two chunks
    ]);
    expect(cborStrings(bytes)).toEqual(['1.6.0', 'en_b9192ab', '', 'en_8c7a5e8', 'kind', 'gapé', 'hi', '!']);
  });

  it('refuses bytes that end inside an item', () => {
    expect(() => cborStrings(Uint8Array.from([0x82, 0x63, 0x61]))).toThrow(/ends early/);
  });
});
