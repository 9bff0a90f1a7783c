import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SearchRecord } from '../lib/search-records.ts';
import { bundleFiles, noteRecord, threeRecords } from '../../tests/support/search-bundle.ts';
import { startIndex } from './search-index.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-search-index-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

let builds = 0;
/** The bundle of `records`, seeded with `seed`'s files where given, as `bundleFiles` reads it. */
const indexed = async (records: readonly SearchRecord[], seed?: string) => {
  const out = path.join(dir, `bundle-${(builds += 1)}`);
  await startIndex(records, `${out}-scratch`, seed).write(out);
  return { out, files: await bundleFiles(out) };
};

describe('an index seeded with the last build’s bundle', () => {
  it('is the index of this build’s records, file for file, after an edit, an addition and a removal', async () => {
    const last = await indexed(threeRecords);
    const edited = threeRecords.map((record, at) =>
      at === 1 ? noteRecord('beta', 'Roots are listed again after every change.') : record,
    );
    const added = [...threeRecords, noteRecord('delta', 'Elicitation is declined without a prompt.')];
    const removed = threeRecords.slice(1);
    for (const records of [edited, added, removed]) {
      const seeded = await indexed(records, last.out);
      expect(seeded.files).toEqual((await indexed(records)).files);
      expect(seeded.files).not.toEqual(last.files);
    }
  }, 60_000);
});
