/**
 * The bench's generated corpora: valid per FORMAT.md, the same bytes for the same size, and (the
 * realistic one) varied the way real notes vary, which is what makes the bench's targets hold on
 * other corpora than its own.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { corpusStats } from '../bench/corpus-stats.ts';
import { BENCH_BUILD_DATE, writeCorpus, type CorpusMode } from '../bench/corpus.ts';
import { runCheck } from '../src/node/check.ts';

vi.stubEnv('BUILD_DATE', BENCH_BUILD_DATE);
const work = await mkdtemp(path.join(tmpdir(), 'canimcp-bench-corpus-'));
afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(work, { recursive: true, force: true });
});

/** A digest of every file of a generated folder, names included. */
const digest = async (dir: string) => {
  const hash = createHash('sha256');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) hash.update(`${path.relative(dir, file)}\n`).update(await readFile(file));
  return hash.digest('hex');
};

const generate = (name: string, notes: number, mode: CorpusMode) => writeCorpus(path.join(work, name), { notes, mode });

describe.each(['realistic', 'uniform'] as const)('the %s corpus', (mode) => {
  test('passes npm run check and is the same bytes each time', async () => {
    const first = await generate(`${mode}-a`, 300, mode);
    const second = await generate(`${mode}-b`, 300, mode);
    const checked = await runCheck([], first.dir);
    expect(checked.stderr).toMatch(/^ok: \d+ entries checked, no problems\n$/);
    expect(checked.code).toBe(0);
    expect(await digest(first.dir)).toBe(await digest(second.dir));
  });
});

describe('the realistic corpus, against the uniform one of the same size', async () => {
  const realistic = await corpusStats((await generate('realistic-stats', 1000, 'realistic')).dir);
  const uniform = await corpusStats((await generate('uniform-stats', 1000, 'uniform')).dir);

  test('notes vary in length around the same mean, a few of them several times as long', () => {
    expect(Math.abs(realistic.bodyWords.mean - uniform.bodyWords.mean)).toBeLessThan(100);
    expect(realistic.bodyWords.p99).toBeGreaterThan(2.5 * realistic.bodyWords.median);
    expect(uniform.bodyWords.p99).toBeLessThan(1.2 * uniform.bodyWords.median);
  });

  test('notes have more sources and related notes, as real ones do', () => {
    expect(realistic.perNote.sources).toBeGreaterThan(uniform.perNote.sources + 1);
    expect(realistic.perNote.related).toBeGreaterThan(uniform.perNote.related + 1);
  });

  test('the index sees a long tail: more than twice the distinct words', () => {
    expect(realistic.words.distinct).toBeGreaterThan(2 * uniform.words.distinct);
  });

  // What moved the first search's bytes: compounds that sort between a common word's stem and the
  // word itself (`handshak` < `handshake_…` < `handshake`), so Pagefind loads a chunk for each.
  test('common words prefix compounds in the index, as in real notes (handshake-first, handshake_timeout)', () => {
    expect(realistic.words.prefixing['handshake']).toBeGreaterThan(20);
    expect(uniform.words.prefixing['handshake']).toBe(0);
  });
});

test('realistic notes quote JSON-RPC messages', async () => {
  const { dir, noteIds } = await generate('realistic-json', 100, 'realistic');
  const bodies = await Promise.all(noteIds.map((id) => readFile(path.join(dir, 'research', `${id}.md`), 'utf8')));
  const quoting = bodies.filter((body) => /```json\n[^`]*"jsonrpc": "2\.0"/.test(body));
  expect(quoting.length).toBeGreaterThan(20);
  expect(quoting.length).toBeLessThan(100);
});
