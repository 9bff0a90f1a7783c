import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../lib/search/search-records.ts';
import { bundleFiles, noteRecord, threeRecords } from '../../tests/support/search-bundle.ts';
import { recordLine } from './records-cache.ts';
import { guessIndex, startIndex } from './search-index.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-search-index-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const last = threeRecords;
const record = noteRecord;
const contents = bundleFiles;

let builds = 0;
const fresh = async (records: readonly SearchRecord[]) => {
  const out = path.join(dir, `fresh-${(builds += 1)}`);
  await startIndex(records, `${out}-scratch`).write(out);
  return contents(out);
};
const guessed = async (guess: readonly SearchRecord[] | readonly string[], records: readonly SearchRecord[]) => {
  const out = path.join(dir, `guessed-${(builds += 1)}`);
  const lines = guess.map((item) => (typeof item === 'string' ? item : recordLine(item)));
  const settled = guessIndex(lines, `${out}-scratch`).settle(records.map(recordLine));
  await settled.index.write(out);
  return { files: await contents(out), changed: settled.changed };
};

describe('an index started on the last build’s records', () => {
  it('is the index of this build’s records, file for file, after an edit', async () => {
    const records = [
      last[0] as SearchRecord,
      record('beta', 'Roots are listed again after every change.'),
      last[2] as SearchRecord,
    ];
    const { files, changed } = await guessed(last, records);
    expect(changed).toBe(1);
    expect(files).toEqual(await fresh(records));
  }, 60_000);

  it('is the index of this build’s records when notes were added or removed, or nothing changed', async () => {
    const added = [...last, record('delta', 'Elicitation is declined without a prompt.')];
    const grown = await guessed(last, added);
    expect(grown.changed).toBe(added.length);
    expect(grown.files).toEqual(await fresh(added));
    const shrunk = last.slice(1);
    expect((await guessed(last, shrunk)).files).toEqual(await fresh(shrunk));
    const same = await guessed(last, last);
    expect(same.changed).toBe(0);
    expect(same.files).toEqual(await fresh(last));
  }, 60_000);

  it('is the index of this build’s records when the guess is torn or foreign', async () => {
    const torn = [recordLine(last[0] as SearchRecord), '{"url":"/research/be', recordLine(last[2] as SearchRecord)];
    expect((await guessed(torn, last)).files).toEqual(await fresh(last));
    expect((await guessed(['[1,2,3]', 'null', '{}'], last)).files).toEqual(await fresh(last));
  }, 60_000);

  it('differs from an index of the guess where a record’s meta changed', async () => {
    const retitled = last.map((item, at) => (at === 1 ? { ...item, meta: { title: 'Beta, retitled' } } : item));
    const { files, changed } = await guessed(last, retitled);
    expect(changed).toBe(1);
    expect(files).toEqual(await fresh(retitled));
    expect(files).not.toEqual(await fresh(last));
  }, 60_000);
});
