/**
 * Capture packs: the Cloudflare Pages form of the site folds each capture's three files (its page,
 * its twin and the `.jsonl` itself) into a few pack files, because Pages counts every file of a
 * deployment against its limit (20,000 on the Free plan) and a capture is three of them. The Pages
 * Function the build writes beside them (`_worker.js`, capture-worker.ts) serves each URL from its
 * pack with the bytes and headers the file would have had.
 *
 * A pack is one line of JSON, its index, then the files' bytes back to back:
 *
 *   {"files":{"/captures/<id>":{"at":0,"length":5120,"etag":"…","headers":[["Content-Type","text/html; charset=utf-8"]]},…}}\n<bytes>
 *
 * `at` counts from the byte after the newline. `JSON.stringify` never writes a raw newline, so the
 * first newline ends the index. A capture's three files are in the same pack, chosen by a hash of
 * its id, so the Function finds a URL's pack from the URL alone, without a site-wide index.
 */
import { capturePacks } from '../routes/outputs.ts';
import { formUrl } from '../routes/urls.ts';

/** Where the packs are served from (the Function fetches them from Pages' own assets): their row's folder. */
export const PACKS_FOLDER = capturePacks.pattern.slice(0, capturePacks.pattern.lastIndexOf('/'));

/** How many captures a pack holds, about, before there are `MAX_PACKS`: a pack stays near 1 MB. */
const CAPTURES_PER_PACK = 40;

/**
 * At most this many packs: 256 files however many captures (10,000 captures make 250 packs of about
 * 1.2 MB; past 10,240 the packs grow instead of their number).
 */
export const MAX_PACKS = 256;

/** The number of packs for `captures` captures: one a `CAPTURES_PER_PACK`, at least one, at most `MAX_PACKS`. */
export const packCount = (captures: number): number => Math.min(MAX_PACKS, Math.max(1, Math.ceil(captures / CAPTURES_PER_PACK)));

/**
 * The pack a capture is in: FNV-1a (32 bits) over its id's UTF-8 bytes, modulo the number of packs.
 * Stable across builds and machines, and the same in the build and in the Function.
 */
export const packOf = (id: string, packs: number): number => {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(id)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % packs;
};

/** A pack's URL path: `/capture-packs/007.pack`. */
export const packUrl = (pack: number): string => formUrl(capturePacks, 'pack', { n: String(pack).padStart(3, '0') });

/** One file in a pack: where its bytes are, its ETag, and the headers it is served with. */
export interface PackEntry {
  at: number;
  length: number;
  etag: string;
  headers: [name: string, value: string][];
}

/** A pack's index: each file by its URL path. */
export interface PackIndex {
  files: Record<string, PackEntry>;
}

/** A file to pack: its URL path, bytes, ETag and headers. */
export interface PackFile {
  url: string;
  bytes: Uint8Array;
  etag: string;
  headers: [name: string, value: string][];
}

/** The pack of `files`: the index line, then their bytes in the order given. */
export const encodePack = (files: readonly PackFile[]): Uint8Array => {
  const index: PackIndex = { files: {} };
  let at = 0;
  for (const file of files) {
    index.files[file.url] = { at, length: file.bytes.length, etag: file.etag, headers: file.headers };
    at += file.bytes.length;
  }
  const head = new TextEncoder().encode(`${JSON.stringify(index)}\n`);
  const pack = new Uint8Array(head.length + at);
  pack.set(head, 0);
  let offset = head.length;
  for (const file of files) {
    pack.set(file.bytes, offset);
    offset += file.bytes.length;
  }
  return pack;
};

/** A pack read back: its index and a view of each file's bytes (no copy). */
export interface OpenedPack {
  index: PackIndex;
  bytesOf: (entry: PackEntry) => Uint8Array;
}

const NEWLINE = 10;

/** Opens a pack's bytes; throws where they are no pack (no index line). */
export const openPack = (pack: Uint8Array): OpenedPack => {
  const end = pack.indexOf(NEWLINE);
  if (end < 0) throw new Error('capture pack: no index line');
  const index = JSON.parse(new TextDecoder().decode(pack.subarray(0, end))) as PackIndex;
  const start = end + 1;
  return { index, bytesOf: (entry) => pack.subarray(start + entry.at, start + entry.at + entry.length) };
};
