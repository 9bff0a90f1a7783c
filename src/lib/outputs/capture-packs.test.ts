import { describe, expect, test } from 'vitest';
import { MAX_PACKS, encodePack, openPack, packCount, packOf, packUrl } from './capture-packs.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (view: Uint8Array) => new TextDecoder().decode(view);

describe('capture packs', () => {
  test.each([
    [0, 1],
    [1, 1],
    [40, 1],
    [41, 2],
    [81, 4],
    [160, 4],
    [161, 8],
    [1_000, 32],
    [1_001, 32],
    [5_120, 128],
    [5_121, MAX_PACKS],
    [10_000, MAX_PACKS],
    [10_001, MAX_PACKS],
    [10_241, MAX_PACKS],
    [100_000, MAX_PACKS],
  ])('%i captures go into %i packs', (captures, packs) => {
    expect(packCount(captures)).toBe(packs);
  });

  test('adding a capture changes the number of packs only where it doubles', () => {
    // A new number repacks every capture: the lab adds captures one at a time.
    const changes = Array.from({ length: 12_000 }, (_, n) => n + 1).filter((n) => packCount(n) !== packCount(n - 1));
    expect(changes).toEqual([41, 81, 161, 321, 641, 1_281, 2_561, 5_121]);
  });

  test('a capture is always in the same pack, within the number of packs, and ids spread over them', () => {
    // FNV-1a of "a" is 0xe40c292c: pinned, since the build and the Function must agree on it.
    expect(packOf('a', 2 ** 32 - 1)).toBe(0xe40c292c % (2 ** 32 - 1));
    const ids = Array.from({ length: 2_000 }, (_, n) => `client-${n}-observe-stdio`);
    const packs = ids.map((id) => packOf(id, 50));
    expect(ids.map((id) => packOf(id, 50))).toEqual(packs);
    expect(Math.min(...packs)).toBe(0);
    expect(Math.max(...packs)).toBe(49);
    const sizes = Array.from({ length: 50 }, (_, pack) => packs.filter((at) => at === pack).length);
    expect(Math.max(...sizes)).toBeLessThan(80);
  });

  test('ids with non-ASCII characters hash their UTF-8 bytes', () => {
    expect(packOf('café', 1_000_003)).not.toBe(packOf('cafe', 1_000_003));
    expect(packOf('é', 2 ** 32 - 1)).toBe(packOf('\u00e9', 2 ** 32 - 1));
  });

  test('pack URLs are numbered with three digits under /capture-packs', () => {
    expect(packUrl(7)).toBe('/capture-packs/007.pack');
    expect(packUrl(255)).toBe('/capture-packs/255.pack');
  });

  test('a pack gives back each file byte for byte, with its headers and ETag', () => {
    const files = [
      { url: '/captures/a', bytes: bytes('<!doctype html>café\n'), etag: 'e1', headers: [['content-type', 'text/html']] },
      { url: '/captures/a.md', bytes: bytes('# a\n'), etag: 'e2', headers: [['link', '<x>; rel="canonical"']] },
      { url: '/captures/a.jsonl', bytes: bytes('{"raw":"line\\nbreak"}\n'), etag: 'e3', headers: [] },
      { url: '/captures/empty.jsonl', bytes: new Uint8Array(), etag: 'e4', headers: [] },
    ] satisfies Parameters<typeof encodePack>[0];
    const pack = openPack(encodePack(files));
    for (const file of files) {
      const entry = pack.index.files[file.url];
      expect(entry).toMatchObject({ etag: file.etag, headers: file.headers, length: file.bytes.length });
      if (entry === undefined) continue;
      expect(text(pack.bytesOf(entry))).toBe(text(file.bytes));
    }
    expect(Object.keys(pack.index.files)).toHaveLength(4);
  });

  test('bytes without an index line are no pack', () => {
    expect(() => openPack(bytes('{"files":{}}'))).toThrow('capture pack: no index line');
  });
});
