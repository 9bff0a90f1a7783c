/**
 * `node bench/corpus-stats.ts <content-folder> [--notes N]`: what a folder of research notes looks
 * like to the search index, to compare a generated corpus with real notes at the same size: body
 * lengths, sources, links, related notes, code blocks, and the words Pagefind would index from a
 * note's id, title, summary and body (split
 * roughly as it splits them: on white space and punctuation, a compound kept whole as well as in
 * parts), how many distinct ones, how many occur in a single note, how many hold a digit.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** Figures of one corpus. */
export interface CorpusStats {
  notes: number;
  bodyWords: { min: number; median: number; mean: number; p90: number; p99: number; max: number };
  perNote: { sources: number; bodyLinks: number; related: number; codeBlocks: number };
  /** Distinct index words over all notes, those in one note only, those with a digit in them. */
  words: {
    distinct: number;
    singleNote: number;
    withDigit: number;
    occurrences: number;
    /** Of the query words the bench searches, how many longer words each prefixes. */
    prefixing: Record<string, number>;
  };
}

/** The bench's first search (`--query` in run.ts). */
const QUERY_WORDS = ['handshake', 'fallback'];

/** The words of a text roughly as Pagefind indexes them: lower case, a compound whole and in parts. */
export const indexWords = (text: string): string[] => {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/\s+/)) {
    const parts = raw.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (parts.length === 0) continue;
    if (parts.length > 1) out.push(parts.join(''));
    out.push(...parts);
  }
  return out;
};

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** Reads the first `limit` notes (by file name) of `dir`/research and measures them. */
export const corpusStats = async (dir: string, limit = Infinity): Promise<CorpusStats> => {
  const files = (await readdir(path.join(dir, 'research'))).filter((name) => name.endsWith('.md')).sort();
  const chosen = files.slice(0, limit);
  const lengths: number[] = [];
  const notesOf = new Map<string, number>();
  let sources = 0;
  let bodyLinks = 0;
  let related = 0;
  let codeBlocks = 0;
  let occurrences = 0;
  for (const name of chosen) {
    const text = await readFile(path.join(dir, 'research', name), 'utf8');
    const end = text.indexOf('\n---', 3);
    const frontmatter = text.slice(0, end);
    const body = text.slice(end + 4);
    lengths.push(body.split(/\s+/).filter(Boolean).length);
    sources += (frontmatter.match(/^ {2}- url:/gm) ?? []).length;
    bodyLinks += (body.match(/\]\(/g) ?? []).length;
    const relatedBlock = /^related:\n((?: {2}- .*\n?)*)/m.exec(frontmatter)?.[1] ?? '';
    related += (relatedBlock.match(/^ {2}- /gm) ?? []).length;
    codeBlocks += Math.floor((body.match(/^```/gm) ?? []).length / 2);
    // What a note's search record holds (src/lib/search/search-records.ts): id, title, summary, body.
    const field = (key: string) => new RegExp(`^${key}: (.*)$`, 'm').exec(frontmatter)?.[1] ?? '';
    // A link's target is not in the page's text.
    const shown = body.replace(/\]\([^)]*\)/g, '] ');
    const words = indexWords([field('id'), field('title'), field('summary'), shown].join('\n'));
    occurrences += words.length;
    for (const word of new Set(words)) notesOf.set(word, (notesOf.get(word) ?? 0) + 1);
  }
  const sorted = [...lengths].sort((a, b) => a - b);
  const n = chosen.length;
  const perNote = (total: number) => Math.round((total / n) * 10) / 10;
  return {
    notes: n,
    bodyWords: {
      min: sorted[0] ?? 0,
      median: quantile(sorted, 0.5),
      mean: Math.round(sorted.reduce((sum, length) => sum + length, 0) / n),
      p90: quantile(sorted, 0.9),
      p99: quantile(sorted, 0.99),
      max: sorted.at(-1) ?? 0,
    },
    perNote: {
      sources: perNote(sources),
      bodyLinks: perNote(bodyLinks),
      related: perNote(related),
      codeBlocks: perNote(codeBlocks),
    },
    words: {
      distinct: notesOf.size,
      singleNote: [...notesOf.values()].filter((count) => count === 1).length,
      withDigit: [...notesOf.keys()].filter((word) => /\d/.test(word)).length,
      occurrences,
      prefixing: Object.fromEntries(
        QUERY_WORDS.map((query) => [
          query,
          [...notesOf.keys()].filter((word) => word.startsWith(query) && word !== query && word !== `${query}s`).length,
        ]),
      ),
    },
  };
};

if (import.meta.main) {
  const { values, positionals } = parseArgs({ options: { notes: { type: 'string' } }, allowPositionals: true });
  const dir = positionals[0];
  if (!dir) {
    console.error('usage: node bench/corpus-stats.ts <content-folder> [--notes N]');
    process.exit(2);
  }
  console.log(JSON.stringify(await corpusStats(dir, values.notes ? Number(values.notes) : Infinity)));
}
