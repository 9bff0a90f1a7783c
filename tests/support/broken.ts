/**
 * Content folders made from the broken-content fixtures (tests/fixtures/broken/): the valid `base/`
 * with one broken file per rule laid over it. Folders are removed after the importing file's tests.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { repoRoot } from '../../src/node/paths.ts';

/** One folder per rule, each holding the file that breaks it, beside the valid `base/`. */
export const brokenFixtures = path.join(repoRoot, 'tests/fixtures/broken');

const made: string[] = [];
afterAll(() => Promise.all(made.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A fresh content folder: the valid base with each named rule's broken file laid over it. */
export const contentWith = async (...rules: string[]): Promise<string> => {
  const dir = await mkdtemp(path.join(tmpdir(), 'canimcp-check-'));
  made.push(dir);
  await cp(path.join(brokenFixtures, 'base'), dir, { recursive: true });
  for (const rule of rules) await cp(path.join(brokenFixtures, rule), dir, { recursive: true });
  return dir;
};

/** How problems name a file: relative to the working directory, which is the repo root. */
export const shown = (dir: string, file: string): string => `${path.relative(repoRoot, dir)}/${file}`;

/** Output split into its non-empty lines. */
export const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');
