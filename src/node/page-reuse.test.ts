import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '../lib/content/problems.ts';
import type { CollectionName } from '../schema/index.ts';
import { pageKeys } from './page-keys.ts';
import { commitManifest, linkReused, manifestFile, planReuse, retractManifestOf, writeManifest } from './page-reuse.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-page-reuse-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Two notes, with their digests. */
const keys = (digests: { a: string; b: string }) =>
  pageKeys(
    {
      content: {
        research: [
          { id: 'a', data: {} },
          { id: 'b', data: {} },
        ],
        clients: [],
      },
      bodies: (['a', 'b'] as const).map((id): [CollectionName, string, { digest: string; lastUpdated: string }] => [
        'research',
        id,
        { digest: digests[id], lastUpdated: '2026-11-01' },
      ]),
      problems: [] as Problem[],
      history: { available: false, reason: 'no git' },
      captureFiles: [],
      validCaptures: new Map(),
    },
    'https://canimcp.io',
    '2026-11-30',
  );

const write = async (site: string, files: Record<string, string>) => {
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(site, file)), { recursive: true });
    await writeFile(path.join(site, file), text);
  }
};

describe('the page plan', () => {
  it('takes the files whose key did not change, links them in, and keys every file of the new site', async () => {
    const cache = path.join(dir, 'cache');
    const published = path.join(dir, 'dist');
    // The first build: nothing to take, every keyed file in its manifest.
    const first = await planReuse(cache, published, 'code-1', keys({ a: 'a1', b: 'b1' }));
    expect(first.reused.size).toBe(0);
    await write(published, {
      'index.html': 'home',
      'research/a.html': 'a page 1',
      'research/a.md': 'a twin 1',
      'research/b.html': 'b page 1',
      'research/b.md': 'b twin 1',
    });
    const next = `${manifestFile(cache)}.next`;
    await writeManifest(next, first, 'code-1', published);
    await commitManifest(cache, next);
    const written = JSON.parse(await readFile(manifestFile(cache), 'utf8')) as {
      keys: Record<string, string>;
    };
    expect(Object.keys(written.keys).sort()).toEqual(['research/a.html', 'research/a.md', 'research/b.html', 'research/b.md']);

    // Note b's body changed: a's files are taken, b's are not; other code takes nothing.
    const second = await planReuse(cache, published, 'code-1', keys({ a: 'a1', b: 'b2' }));
    expect([...second.reused].sort()).toEqual(['research/a.html', 'research/a.md']);
    expect((await planReuse(cache, published, 'code-2', keys({ a: 'a1', b: 'b2' }))).reused.size).toBe(0);

    // A file Astro wrote itself stays as written; the others are the published files themselves.
    const staging = path.join(dir, 'staging');
    await write(staging, { 'research/a.md': 'written again' });
    expect(await linkReused(second, staging)).toBe(1);
    expect((await stat(path.join(staging, 'research/a.html'))).ino).toBe(
      (await stat(path.join(published, 'research/a.html'))).ino,
    );
    expect(await readFile(path.join(staging, 'research/a.md'), 'utf8')).toBe('written again');
  });

  it('takes no file that something else wrote over, even with the same key, nor any after a bare build', async () => {
    const cache = path.join(dir, 'cache-stamps');
    const published = path.join(dir, 'dist-stamps');
    const first = await planReuse(cache, published, 'code-1', keys({ a: 'a1', b: 'b1' }));
    await write(published, { 'research/a.html': 'a page', 'research/b.html': 'b page' });
    const commit = async () => {
      const next = `${manifestFile(cache)}.next`;
      await writeManifest(next, first, 'code-1', published);
      await commitManifest(cache, next);
    };
    await commit();
    // Written again in place with other bytes of the same length, as a bare `astro build` with
    // another REPOSITORY_URL would: same key, same size, but not the file the pipeline wrote.
    await writeFile(path.join(published, 'research/a.html'), 'A PAGE');
    const after = await planReuse(cache, published, 'code-1', keys({ a: 'a1', b: 'b1' }));
    expect([...after.reused]).toEqual(['research/b.html']);

    // A bare build into another folder leaves the manifest; one into the published folder retracts it.
    await commit();
    await retractManifestOf(cache, path.join(dir, 'elsewhere'));
    expect((await planReuse(cache, published, 'code-1', keys({ a: 'a1', b: 'b1' }))).reused.size).toBe(2);
    await retractManifestOf(cache, published);
    expect((await planReuse(cache, published, 'code-1', keys({ a: 'a1', b: 'b1' }))).reused.size).toBe(0);
  });
});
