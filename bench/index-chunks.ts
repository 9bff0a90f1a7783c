/**
 * `node bench/index-chunks.ts <dist>/pagefind [term …]`: how a Pagefind bundle's word index is
 * chunked (how many chunks, their sizes, the words in them, the metadata's size) and which chunks a
 * search for each term loads, with their sizes and first words. Bytes are deterministic, so this
 * shows what a first search costs on a corpus without a browser and without the noise of timing.
 *
 * Pagefind closes a chunk once it holds 20,000 word locations (each word's pages, plus one per page)
 * whatever their bytes, so a chunk of rare words (each a string of its own) is larger than one of
 * common words. A term loads every chunk whose first and last words enclose it, or, where none does,
 * every chunk it may prefix (`request_indexes` in Pagefind's `pagefind_web/src/lib.rs`); Pagefind
 * checks both the term as typed and its stem, so pass both (`handshake handshak`).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { cborStrings } from '../src/lib/search/cbor-strings.ts';

/** Pagefind's compressed files start with this marker, after decompression. */
const MARKER = 'pagefind_dcd';

/** One word chunk: the bounds the metadata gives it, its file's hash and compressed size. */
export interface IndexChunk {
  from: string;
  to: string;
  hash: string;
  bytes: number;
}

const decoded = (file: string) => [...cborStrings(gunzipSync(readFileSync(file)).subarray(MARKER.length))];

/** The chunks of a bundle's word index, in order, and its metadata file's size. */
export const readChunks = (bundle: string): { chunks: IndexChunk[]; metaBytes: number } => {
  const entry = JSON.parse(readFileSync(path.join(bundle, 'pagefind-entry.json'), 'utf8')) as {
    languages: Record<string, { hash: string }>;
  };
  const language = Object.values(entry.languages)[0];
  if (!language) throw new Error(`${bundle}: pagefind-entry.json names no language`);
  const meta = path.join(bundle, `pagefind.${language.hash}.pf_meta`);
  const sizes = new Map(
    readdirSync(path.join(bundle, 'index')).map((name) => [
      name.replace(/\.pf_index$/, ''),
      statSync(path.join(bundle, 'index', name)).size,
    ]),
  );
  // The metadata's strings in order: the pages' hashes, then each chunk's from, to and hash.
  const strings = decoded(meta);
  const chunks: IndexChunk[] = [];
  for (let i = 0; i + 2 < strings.length; i++) {
    const hash = strings[i + 2] as string;
    const bytes = sizes.get(hash);
    if (bytes === undefined) continue;
    chunks.push({ from: strings[i] as string, to: strings[i + 1] as string, hash, bytes });
    i += 2;
  }
  return { chunks, metaBytes: statSync(meta).size };
};

/** The chunks Pagefind loads for one term: those enclosing it, else those it may prefix. */
export const chunksFor = (chunks: IndexChunk[], term: string): IndexChunk[] => {
  const strict = chunks.filter((chunk) => term >= chunk.from && term <= chunk.to);
  if (strict.length > 0) return strict;
  return chunks.filter((chunk) => {
    const from = Math.min(term.length, chunk.from.length);
    const to = Math.min(term.length, chunk.to.length);
    return term.slice(0, from) >= chunk.from.slice(0, from) && term.slice(0, to) <= chunk.to.slice(0, to);
  });
};

/** The words a chunk holds, in order. */
export const chunkWords = (bundle: string, chunk: IndexChunk): string[] =>
  decoded(path.join(bundle, 'index', `${chunk.hash}.pf_index`));

if (import.meta.main) {
  const [bundle, ...terms] = process.argv.slice(2);
  if (!bundle) {
    console.error('usage: node bench/index-chunks.ts <dist>/pagefind [term …]');
    process.exit(2);
  }
  const { chunks, metaBytes } = readChunks(bundle);
  const sizes = chunks.map((chunk) => chunk.bytes).sort((a, b) => a - b);
  const at = (q: number) => sizes[Math.floor(q * (sizes.length - 1))] ?? 0;
  const words = chunks.map((chunk) => chunkWords(bundle, chunk).length);
  console.log(
    JSON.stringify({
      metaBytes,
      chunks: chunks.length,
      indexBytes: sizes.reduce((sum, size) => sum + size, 0),
      words: words.reduce((sum, count) => sum + count, 0),
      chunkBytes: { min: at(0), p10: at(0.1), median: at(0.5), p90: at(0.9), max: at(1) },
    }),
  );
  const loaded = new Map<string, IndexChunk>();
  for (const term of terms) {
    for (const chunk of chunksFor(chunks, term)) {
      loaded.set(chunk.hash, chunk);
      const held = chunkWords(bundle, chunk);
      const near = held.filter((word) => word.startsWith(term.slice(0, 5)));
      console.log(
        JSON.stringify({
          term,
          chunk: chunk.hash,
          bytes: chunk.bytes,
          bounds: [chunk.from, chunk.to],
          words: held.length,
          near: near.slice(0, 8),
          nearCount: near.length,
        }),
      );
    }
  }
  if (terms.length > 0) {
    const bytes = [...loaded.values()].reduce((sum, chunk) => sum + chunk.bytes, 0);
    console.log(JSON.stringify({ terms, chunksLoaded: loaded.size, bytes }));
  }
}
