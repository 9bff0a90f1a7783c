/** `last-updated` comes from git history, not mtimes, and survives shallow clones and no git at all. */
import { gitAt } from './support/git.ts';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { lastCommitDates, shallowCloneWarning } from '../src/node/git.ts';

const git = (cwd: string, args: string[], date?: string) => gitAt(cwd, args, date);

const repo = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'canimcp-git-'));
  git(dir, ['init', '-q']);
  mkdirSync(path.join(dir, 'content/research'), { recursive: true });
  writeFileSync(path.join(dir, 'content/research/a.md'), 'a\n');
  writeFileSync(path.join(dir, 'content/research/b.md'), 'b\n');
  git(dir, ['add', '.']);
  git(dir, ['commit', '-qm', 'first'], '2026-01-02T12:00:00Z');
  writeFileSync(path.join(dir, 'content/research/b.md'), 'b changed\n');
  git(dir, ['commit', '-qam', 'second'], '2026-03-04T12:00:00Z');
  return dir;
};

test('each file gets the date of the last commit that touched it', () => {
  const dir = repo();
  const dates = lastCommitDates(path.join(dir, 'content'));
  expect(dates.get(path.join(dir, 'content/research/a.md'))).toBe('2026-01-02');
  expect(dates.get(path.join(dir, 'content/research/b.md'))).toBe('2026-03-04');
});

test('a shallow clone dates a file changed before its oldest commit by that commit, and says so', () => {
  const source = repo();
  const clone = mkdtempSync(path.join(tmpdir(), 'canimcp-shallow-'));
  git(clone, ['clone', '-q', '--depth', '1', `file://${source}`, 'repo']);
  const content = path.join(clone, 'repo/content');
  const dates = lastCommitDates(content);
  expect(dates.get(path.join(content, 'research/b.md'))).toBe('2026-03-04');
  // a.md last changed on 2026-01-02, in the commit the clone cut off: it knows only the later one.
  expect(dates.get(path.join(content, 'research/a.md'))).toBe('2026-03-04');
  expect(shallowCloneWarning(content)).toMatch(/shallow clone: the verdict history is unavailable.*git fetch --unshallow/);
  // Fetched in full, the true date is back and the warning is gone.
  git(path.join(clone, 'repo'), ['fetch', '-q', '--unshallow']);
  expect(lastCommitDates(content).get(path.join(content, 'research/a.md'))).toBe('2026-01-02');
  expect(shallowCloneWarning(content)).toBeUndefined();
});

test('outside a repository the map is empty, so the build date applies', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'canimcp-nogit-'));
  writeFileSync(path.join(dir, 'x.md'), 'x\n');
  expect(lastCommitDates(dir).size).toBe(0);
  expect(shallowCloneWarning(dir)).toBeUndefined();
});
