import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { clearLeftovers, previousFolder, stagingFolder } from './build-folders.ts';

let parent = '';
let outDir = '';
beforeEach(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'canimcp-leftovers-'));
  outDir = path.join(parent, 'dist');
});
afterEach(() => rm(parent, { recursive: true, force: true }));

const writeDist = async (dir: string, text: string) => {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), text);
};
const live = new Set([4242]);
const running = (pid: number) => live.has(pid);

describe('clearLeftovers', () => {
  test('removes staging and previous folders of builds that are gone, and nothing else', async () => {
    await writeDist(outDir, 'current');
    await writeDist(stagingFolder(outDir, 101), 'half built');
    await writeDist(previousFolder(outDir, 102), 'older');
    await writeDist(stagingFolder(outDir, 4242), 'another build, still running');
    await writeDist(stagingFolder(outDir, process.pid), 'this build');
    await writeDist(path.join(parent, 'dist2.staging-103'), 'another output folder');
    await writeDist(path.join(parent, 'dist.staging-notapid'), 'not ours');

    const removed = await clearLeftovers(outDir, running);

    expect(removed.sort()).toEqual([previousFolder(outDir, 102), stagingFolder(outDir, 101)]);
    expect((await readdir(parent)).sort()).toEqual(
      ['dist', 'dist.staging-4242', `dist.staging-${process.pid}`, 'dist.staging-notapid', 'dist2.staging-103'].sort(),
    );
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('current');
  });

  test('puts the last good site back when a build stopped between its two renames', async () => {
    await writeDist(stagingFolder(outDir, 101), 'half swapped');
    await writeDist(previousFolder(outDir, 101), 'last good');

    await clearLeftovers(outDir, running);

    expect(await readdir(parent)).toEqual(['dist']);
    expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('last good');
  });

  test('an output folder whose parent does not exist yet has nothing to clear', async () => {
    expect(await clearLeftovers(path.join(parent, 'missing', 'dist'), running)).toEqual([]);
  });
});
