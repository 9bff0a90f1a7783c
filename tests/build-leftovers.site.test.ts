/**
 * `npm run build` clears what an interrupted build left beside its output, through the public
 * command. Broken content keeps it fast: the clearing comes before validation stops the build.
 */
import { spawn } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { buildContent } from './support/site.ts';

const name = 'interrupted-build';
const outDir = path.join(repoRoot, '.dist-test', name);
let content = '';
afterAll(async () => {
  if (content !== '') await rm(content, { recursive: true, force: true });
  for (const entry of await readdir(path.dirname(outDir)).catch(() => []))
    if (entry.startsWith(`${name}.`) || entry === name)
      await rm(path.join(path.dirname(outDir), entry), { recursive: true, force: true });
});

/** The id of a process that has ended, as an interrupted build's would be. */
const deadPid = () =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', '']);
    child.once('error', reject);
    child.once('exit', () => (child.pid === undefined ? reject(new Error('no pid')) : resolve(child.pid)));
  });

const folder = async (dir: string, text: string) => {
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'index.html'), text);
};

test('leftover staging and previous folders of an ended build are gone after the next build', async () => {
  content = await mkdtemp(path.join(tmpdir(), 'canimcp-leftovers-'));
  await cp(path.join(repoRoot, 'tests/fixtures/broken/base'), content, { recursive: true });
  await cp(path.join(repoRoot, 'tests/fixtures/broken/kind-not-in-list'), content, { recursive: true });
  const pid = await deadPid();
  await folder(outDir, 'last good');
  await folder(`${outDir}.staging-${pid}`, 'half built');
  await folder(`${outDir}.previous-${pid}`, 'older');
  // A folder of a build that is still running (this test's own process) is not touched.
  await folder(`${outDir}.staging-${process.pid}`, 'still building');

  const result = await buildContent(name, content);

  expect(result.ok).toBe(false);
  expect(result.stderr).toContain('nothing was built');
  const beside = (await readdir(path.dirname(outDir))).filter((entry) => entry.startsWith(name));
  expect(beside.sort()).toEqual([name, `${name}.staging-${process.pid}`]);
  expect(await readFile(path.join(outDir, 'index.html'), 'utf8')).toBe('last good');
});
