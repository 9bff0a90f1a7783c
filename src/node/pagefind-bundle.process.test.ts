import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../lib/search/search-records.ts';
import { noteRecord, threeRecords } from '../../tests/support/search-bundle.ts';
import { startIndex } from './search-index.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-pagefind-bundle-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const record = noteRecord;
const before = threeRecords;
const after = [
  before[0] as SearchRecord,
  record('beta', 'Roots are listed again after every change notification.'),
  before[2] as SearchRecord,
];

const files = async (bundle: string, folder: string) => (await readdir(path.join(bundle, folder))).sort();

const build = async (records: readonly SearchRecord[], name: string, seed?: string) => {
  const out = path.join(dir, name);
  await startIndex(records, path.join(dir, `${name}-scratch`), seed).write(out);
  return out;
};

describe('the search index, seeded with the last build', () => {
  it('holds exactly the files of an index built from nothing, with the edited text', async () => {
    const first = await build(before, 'first');
    const seeded = await build(after, 'seeded', first);
    const fresh = await build(after, 'fresh');
    // Fragments and word chunks are named by their content: the same names, no leftovers of "before".
    expect(await files(seeded, 'fragment')).toEqual(await files(fresh, 'fragment'));
    expect(await files(seeded, 'index')).toEqual(await files(fresh, 'index'));
    expect((await files(seeded, 'filter')).length).toBe((await files(fresh, 'filter')).length);
    expect((await readdir(seeded)).filter((name) => name.endsWith('.pf_meta'))).toEqual(
      (await readdir(fresh)).filter((name) => name.endsWith('.pf_meta')),
    );
    const texts = await Promise.all(
      (await files(seeded, 'fragment')).map(async (name) =>
        gunzipSync(await readFile(path.join(seeded, 'fragment', name))).toString(),
      ),
    );
    expect(texts.some((text) => text.includes('every change notification'))).toBe(true);
    expect(texts.some((text) => text.includes('never again'))).toBe(false);
  }, 60_000);

  it('shares the unchanged files with the seed, and takes no seed that another Pagefind wrote', async () => {
    const first = await build(before, 'shared-first');
    const links = async (bundle: string) =>
      Promise.all((await files(bundle, 'fragment')).map(async (name) => (await stat(path.join(bundle, 'fragment', name))).nlink));
    // Two of the three notes are unchanged: their fragments are the seed's files, not copies.
    expect((await links(await build(after, 'shared-seeded', first))).filter((count) => count > 1)).toHaveLength(2);
    const other = path.join(dir, 'other-version');
    await cp(first, other, { recursive: true });
    const entry = path.join(other, 'pagefind-entry.json');
    await writeFile(entry, (await readFile(entry, 'utf8')).replace(/"version":"[^"]+"/, '"version":"0.0.1"'));
    expect((await links(await build(after, 'other-seeded', other))).every((count) => count === 1)).toBe(true);
  }, 60_000);
});
