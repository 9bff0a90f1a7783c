/**
 * `npm run build` on broken content, through the public command: it stops before building, prints
 * check's problems, and leaves the last good output as it was.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { contentWith, lines, shown } from './support/broken.ts';
import { listFiles } from './support/dist.ts';
import { buildContent } from './support/site.ts';

describe('npm run build on broken content', () => {
  test('a file that is not UTF-8 stops the build with the same line as check, and nothing is written', async () => {
    const dir = await contentWith('not-utf8');
    const broken = await buildContent('check-not-utf8-build', dir);
    expect(broken.ok).toBe(false);
    expect(lines(broken.stderr)).toContain(
      shown(dir, 'research/not-utf8.md:21:17: not valid UTF-8: byte 0xE9 cannot stand here; save the file as UTF-8'),
    );
    expect(broken.stderr).toContain('1 problem found; nothing was built');
    expect(existsSync(broken.outDir)).toBe(false);
  });

  /** Every file under a folder with a hash of its bytes. */
  const snapshot = async (dir: string) =>
    Object.fromEntries(
      await Promise.all(
        listFiles(dir)
          .sort()
          .map(
            async (file) =>
              [
                file,
                createHash('sha256')
                  .update(await readFile(path.join(dir, file)))
                  .digest('hex'),
              ] as const,
          ),
      ),
    );

  test('exits non-zero, prints the problems, and leaves the last good output byte for byte', { timeout: 240_000 }, async () => {
    const good = await buildContent('check-broken-build', await contentWith());
    expect(good.ok, good.stderr).toBe(true);
    const before = await snapshot(good.outDir);
    expect(Object.keys(before)).toContain('research/base-note.html');
    expect(Object.keys(before)).toContain('research/base-note.md');

    const dir = await contentWith('kind-not-in-list', 'clients-unknown');
    const broken = await buildContent('check-broken-build', dir);
    expect(broken.ok).toBe(false);
    expect(`${broken.stdout}\n${broken.stderr}`).not.toMatch(/^\s+at /m);
    const printed = lines(broken.stderr);
    expect(printed).toContain(
      shown(dir, 'research/clients-unknown.md:7:23: clients[1]: unknown client "hermes" (did you mean "hermes-agent"?)'),
    );
    expect(printed).toContain(
      shown(dir, 'research/kind-not-in-list.md:4:7: kind: expected one of nuance, support, gap, bug, change, got "nuace"'),
    );
    expect(broken.stderr).toContain('2 problems found; nothing was built');

    expect(await snapshot(good.outDir)).toEqual(before);
    // No half-built staging folder is left beside it either.
    const beside = await readdir(path.dirname(good.outDir));
    expect(beside.filter((name) => name.startsWith('check-broken-build.'))).toEqual(
      beside.includes('check-broken-build.cache') ? ['check-broken-build.cache'] : [],
    );
  });
});

describe('npm run build with a bad REPOSITORY_URL', () => {
  test('stops before building, with one readable line', async () => {
    const run = await buildContent('check-bad-repository', await contentWith(), {
      REPOSITORY_URL: 'https://gitlab.com/owner/name',
    });
    expect(run.ok).toBe(false);
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at /m);
    expect(lines(run.stderr)).toEqual([
      'error: REPOSITORY_URL: expected a GitHub repository like https://github.com/owner/name, got "https://gitlab.com/owner/name"',
    ]);
    expect(existsSync(run.outDir)).toBe(false);
  });
});

describe("npm run build and the dev server's cache", () => {
  test('a build does not pre-bundle dependencies: what npm run dev bundled stays as it was', async () => {
    const metadata = path.join(repoRoot, 'node_modules/.vite/deps/_metadata.json');
    const read = async () => (existsSync(metadata) ? await readFile(metadata, 'utf8') : undefined);
    const original = await read();
    // As npm run dev leaves it for a build: bundled under other settings, which made a build bundle again.
    if (original !== undefined) await writeFile(metadata, original.replace(/"configHash":\s*"[^"]*"/, '"configHash": "dev"'));
    const before = await read();
    try {
      const run = await buildContent('no-prebundle', await contentWith());
      expect(run.ok, run.stderr).toBe(true);
      expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/optimiz\w* dependencies/i);
      expect(await read()).toBe(before);
    } finally {
      if (original !== undefined) await writeFile(metadata, original);
    }
  });
});
