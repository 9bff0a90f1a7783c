/** Search records and Pagefind bundles, for tests of the search index. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { SearchRecord } from '../../src/lib/search/search-records.ts';

/** A note's record with the given text. */
export const noteRecord = (id: string, content: string): SearchRecord => ({
  url: `/research/${id}`,
  content,
  language: 'en',
  meta: { title: id },
  filters: { kind: [id.length % 2 ? 'gap' : 'bug'] },
});

/** Three notes' records. */
export const threeRecords: readonly SearchRecord[] = [
  noteRecord('alpha', 'The client sends initialize before discover.'),
  noteRecord('beta', 'Roots are listed once and never again.'),
  noteRecord('gamma', 'Sampling requests time out after thirty seconds.'),
];

/** A bundle's files by path, Pagefind's own files unzipped: what two indexes are compared by. */
export const bundleFiles = async (bundle: string): Promise<Map<string, string>> => {
  const files = (await readdir(bundle, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(bundle, path.join(entry.parentPath, entry.name)))
    .sort();
  const text = async (file: string) => {
    const bytes = await readFile(path.join(bundle, file));
    return (/\.pf_\w+$/.test(file) ? gunzipSync(bytes) : bytes).toString('latin1');
  };
  return new Map(await Promise.all(files.map(async (file) => [file, await text(file)] as const)));
};
