import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';
import { createContentCache, loadContent, type LoadResult } from './content.ts';
import { buildDate } from './environment.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-content-cache-'));
afterAll(() => rm(dir, { recursive: true, force: true }));
await cp(path.join(repoRoot, 'tests/fixtures/minimal'), dir, { recursive: true });

const origin = 'https://canimcp.io';
const noteId = 'hermes-leads-with-the-legacy-handshake';
const notePath = path.join(dir, 'research', `${noteId}.md`);
const original = await readFile(notePath, 'utf8');
const messages = (result: LoadResult) => result.problems.map((problem) => `${path.basename(problem.file)}: ${problem.message}`);
const titleOf = (result: LoadResult, id: string) => result.content.research.find((note) => note.id === id)?.data.title;

describe('loadContent with a cache (the dev server)', () => {
  it('gives what a fresh read gives after every kind of change, re-reading only what changed', async () => {
    const cache = createContentCache();
    const fresh = () => loadContent(dir, { origin, today: buildDate() });
    const cached = () => loadContent(dir, { origin, today: buildDate(), cache });
    expect(await cached()).toEqual(await fresh());
    expect(cache.files.size).toBeGreaterThan(3);
    const before = cache.files.get(notePath)?.file;

    // An edit: the new title shows, and only that file was read again.
    const otherPath = [...cache.files.keys()].find((file) => file !== notePath) as string;
    const other = cache.files.get(otherPath)?.file;
    await writeFile(notePath, original.replace(/^title: .*$/m, 'title: A new title'));
    const edited = await cached();
    expect(titleOf(edited, noteId)).toBe('A new title');
    expect(edited).toEqual(await fresh());
    expect(cache.files.get(notePath)?.file).not.toBe(before);
    expect(cache.files.get(otherPath)?.file).toBe(other);

    // A broken edit is reported, and fixing it clears the problem.
    await writeFile(notePath, original.replace(/^kind: .*$/m, 'kind: nuace'));
    expect(messages(await cached()).join('\n')).toMatch(/expected one of nuance, .* got "nuace"/);
    await writeFile(notePath, original);
    expect(await cached()).toEqual(await fresh());

    // A new note that points at a missing id, then the missing note appears: the unchanged file is
    // checked again because the ids changed.
    const newPath = path.join(dir, 'research', 'points-at-a-later-note.md');
    const pointing = original
      .replaceAll(noteId, 'points-at-a-later-note')
      .replace(/^ {2}- fast-agent-leads-with-the-modern-discover-probe$/m, '  - a-later-note');
    await writeFile(newPath, pointing);
    const dangling = await cached();
    expect(dangling).toEqual(await fresh());
    expect(messages(dangling).join('\n')).toMatch(/a-later-note/);
    const laterPath = path.join(dir, 'research', 'a-later-note.md');
    await writeFile(laterPath, original.replaceAll(noteId, 'a-later-note'));
    const resolved = await cached();
    expect(resolved).toEqual(await fresh());
    expect(messages(resolved).join('\n')).not.toMatch(/a-later-note/);

    // Deleted files leave the cache.
    await rm(newPath);
    await rm(laterPath);
    expect(await cached()).toEqual(await fresh());
    expect(cache.files.has(newPath)).toBe(false);
  });
});
