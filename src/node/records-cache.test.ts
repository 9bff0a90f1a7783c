import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRecordsCache, writeRecordsCache, type Lines } from './records-cache.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-records-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const all = (lines: Lines | undefined) =>
  lines === undefined ? undefined : Array.from({ length: lines.length }, (_, at) => lines.at(at));

describe('the kept search records', () => {
  it('come back line for line, whatever their characters', async () => {
    const file = path.join(dir, 'cache', 'records.jsonl');
    const lines = ['{"url":"/a","content":"握手 négociation"}', '{"url":"/b","content":""}', ''];
    await writeRecordsCache(file, lines);
    expect(all(await readRecordsCache(file))).toEqual(lines);
  });

  it('read a last line with no line end, an empty file, and no file', async () => {
    const file = path.join(dir, 'torn.jsonl');
    await writeFile(file, 'one\ntwo');
    expect(all(await readRecordsCache(file))).toEqual(['one', 'two']);
    await writeFile(file, '');
    expect(all(await readRecordsCache(file))).toEqual([]);
    expect(await readRecordsCache(path.join(dir, 'missing.jsonl'))).toBeUndefined();
    const lines = await readRecordsCache(file);
    expect(lines?.at(0)).toBeUndefined();
  });
});
