import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import {
  bundleHolds,
  bundleStamp,
  contentInputs,
  keptIndex,
  readBundleRecord,
  recordsDigest,
  writeBundleRecord,
} from './bundle-reuse.ts';

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-bundle-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A bundle-like folder: an entry file and a content-named fragment. */
const makeBundle = async (at: string) => {
  await mkdir(path.join(at, 'fragment'), { recursive: true });
  await writeFile(path.join(at, 'pagefind-entry.json'), '{"version":"1"}');
  await writeFile(path.join(at, 'fragment', 'en_abc.pf_fragment'), 'fragment');
};

describe('the records a bundle was made from', () => {
  test('the same code and lines in the same order give the same digest; any other does not', () => {
    const digest = recordsDigest('code', ['{"url":"/a"}', '{"url":"/b"}']);
    expect(recordsDigest('code', ['{"url":"/a"}', '{"url":"/b"}'])).toBe(digest);
    expect(recordsDigest('code', ['{"url":"/b"}', '{"url":"/a"}'])).not.toBe(digest);
    expect(recordsDigest('other code', ['{"url":"/a"}', '{"url":"/b"}'])).not.toBe(digest);
    expect(recordsDigest('code', ['{"url":"/a"}{"url":"/b"}'])).not.toBe(digest);
  });
});

describe("a bundle's stamp", () => {
  test('holds while its files are untouched, and changes when one is written again, added or removed', async () => {
    const bundle = path.join(dir, 'pagefind');
    await makeBundle(bundle);
    const stamp = await bundleStamp(bundle);
    expect(stamp).toBeDefined();
    expect(await bundleStamp(bundle)).toBe(stamp);
    // The same bytes written again (a bare build's index) are another file: another modification time.
    const entry = path.join(bundle, 'pagefind-entry.json');
    await writeFile(entry, '{"version":"1"}');
    await utimes(entry, new Date('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'));
    expect(await bundleStamp(bundle)).not.toBe(stamp);
    const rewritten = await bundleStamp(bundle);
    await writeFile(path.join(bundle, 'fragment', 'en_def.pf_fragment'), 'another');
    expect(await bundleStamp(bundle)).not.toBe(rewritten);
    const added = await bundleStamp(bundle);
    await rm(path.join(bundle, 'fragment', 'en_abc.pf_fragment'));
    expect(await bundleStamp(bundle)).not.toBe(added);
    expect(await bundleStamp(path.join(dir, 'none'))).toBeUndefined();
  });

  test('is kept only where the records and the published files are the ones recorded, and linked whole into the new site', async () => {
    const cache = path.join(dir, 'cache');
    const bundle = path.join(dir, 'dist', 'pagefind');
    await makeBundle(bundle);
    const records = recordsDigest('code', ['{"url":"/a"}']);
    expect(await readBundleRecord(cache)).toBeUndefined();
    await writeBundleRecord(cache, bundle, { records, inputs: 'inputs' });
    const record = await readBundleRecord(cache);
    expect(record).toMatchObject({ records, inputs: 'inputs' });
    expect(await bundleHolds(record, records, bundle)).toBe(true);
    expect(await bundleHolds(record, recordsDigest('code', ['{"url":"/b"}']), bundle)).toBe(false);
    expect(await bundleHolds(undefined, records, bundle)).toBe(false);
    const site = path.join(dir, 'staging', 'pagefind');
    expect(await keptIndex(bundle, 7).write(site)).toBe(7);
    expect(await readFile(path.join(site, 'fragment', 'en_abc.pf_fragment'), 'utf8')).toBe('fragment');
    // A hard link: the same file, so the stamp the next build compares stays the published one.
    expect((await stat(path.join(site, 'pagefind-entry.json'))).ino).toBe(
      (await stat(path.join(bundle, 'pagefind-entry.json'))).ino,
    );
    await writeFile(path.join(bundle, 'fragment', 'en_abc.pf_fragment'), 'edited by hand');
    expect(await bundleHolds(record, records, bundle)).toBe(false);
  });
});

describe("the content folder's inputs", () => {
  test('change with a note, not with a capture', async () => {
    const content = path.join(dir, 'content');
    await mkdir(path.join(content, 'research'), { recursive: true });
    await mkdir(path.join(content, 'captures'), { recursive: true });
    await writeFile(path.join(content, 'research', 'a.md'), 'a');
    const inputs = await contentInputs(content);
    await writeFile(path.join(content, 'captures', 'x.jsonl'), '{}\n');
    expect(await contentInputs(content)).toBe(inputs);
    await writeFile(path.join(content, 'research', 'a.md'), 'a longer body');
    expect(await contentInputs(content)).not.toBe(inputs);
  });
});
