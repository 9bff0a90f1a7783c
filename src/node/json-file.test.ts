import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { worthRewriting, writeInPieces } from './json-file.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-json-file-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('writeInPieces', () => {
  it('writes the pieces, however many chunks they make, and leaves the last whole file when they fail', async () => {
    const file = path.join(dir, 'cache', 'entries.json');
    const long = 'x'.repeat(700_000);
    expect(await writeInPieces(file, ['[', JSON.stringify(long), ',', JSON.stringify(long), ']'])).toBe(true);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual([long, long]);
    await writeFile(file, '["last"]');
    function* failing() {
      yield '[';
      yield JSON.stringify(long);
      throw new Error('stopped half-way');
    }
    expect(await writeInPieces(file, failing())).toBe(false);
    expect(await readFile(file, 'utf8')).toBe('["last"]');
    expect(await readdir(path.dirname(file))).toEqual(['entries.json']);
  });
});

describe('worthRewriting', () => {
  it('leaves a large cache that lacks a few entries, and rewrites a small one for any', () => {
    expect(worthRewriting(1, 5000)).toBe(false);
    expect(worthRewriting(16, 5000)).toBe(false);
    expect(worthRewriting(17, 5000)).toBe(true);
    expect(worthRewriting(1, 30)).toBe(true);
    expect(worthRewriting(0, 30)).toBe(false);
  });
});
