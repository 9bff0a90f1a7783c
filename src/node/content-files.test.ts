import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { entryFileNames, entryIds } from './content-files.ts';

let dir = '';

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-files-'));
  for (const name of ['b-note.md', 'a-note.md', '.#a-note.md', '.hidden.md', 'notes.txt', 'draft.md~']) {
    await writeFile(path.join(dir, name), '');
  }
  await mkdir(path.join(dir, 'folder.md'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('only visible regular .md files are entries, sorted', async () => {
  expect(await entryFileNames(dir)).toEqual(['a-note.md', 'b-note.md']);
  expect(await entryIds(dir)).toEqual(['a-note', 'b-note']);
});

test('a missing folder is undefined for the checker and no ids for new', async () => {
  expect(await entryFileNames(path.join(dir, 'missing'))).toBeUndefined();
  expect(await entryIds(path.join(dir, 'missing'))).toEqual([]);
});
