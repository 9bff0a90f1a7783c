/** The verdict history and diff read from real git repositories made for each test. */
import { execFile } from 'node:child_process';
import { gitAt } from '../../tests/support/git.ts';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, test } from 'vitest';
import { formatChange } from '../lib/matrix/verdict-history.ts';
import { repoRoot } from './paths.ts';
import { readVerdictHistory, verdictDiff } from './verdict-history.ts';

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const temp = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `canimcp-${name}-`));
  folders.push(dir);
  return dir;
};

const git = (cwd: string, args: string[], date = '2026-01-02T12:00:00Z') => gitAt(cwd, args, date);

const client = (verdicts: string) =>
  `---\nname: Codex\nhomepage: https://example.com/codex\nsupport:\n${verdicts}---\n\nCodex.\n`;
const elicitation = (state: string, version: string) =>
  `  - capability: elicitation\n    state: ${state}\n    notes: [codex-note]\n    version: "${version}"\n    evidence: read\n${state === 'partial' ? '    caveat: "Form mode only."\n' : ''}`;
const note = (capture: boolean) =>
  `---\ntitle: Codex note\nsources:\n${capture ? '  - capture: codex-0-169-0\n    title: c\n' : ''}  - url: https://example.com\n    title: w\n---\nBody.\n`;

/** A repository whose content folder sits in `site/content`, as a project inside a monorepo would have it. */
const repository = () => {
  const dir = temp('history');
  const content = path.join(dir, 'site/content');
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(content, file)), { recursive: true });
    writeFileSync(path.join(content, file), text);
  };
  git(dir, ['init', '-q', '-b', 'main']);
  write('clients/codex.md', client(elicitation('partial', '0.168.0')));
  write('research/codex-note.md', note(false));
  write('research/unrelated.md', note(false));
  git(dir, ['add', '.']);
  git(dir, ['commit', '-qm', 'first'], '2026-01-02T12:00:00Z');
  const first = git(dir, ['rev-parse', 'HEAD']);
  // On a branch: the capture and the verdict it proves, merged with a merge commit.
  git(dir, ['checkout', '-qb', 'capture']);
  write('captures/codex-0-169-0.jsonl', '{"capture":1,"client":"codex","version":"0.169.0"}\n');
  write('research/codex-note.md', note(true));
  write('clients/codex.md', client(elicitation('yes', '0.169.0')));
  git(dir, ['add', '.']);
  git(dir, ['commit', '-qm', 'codex elicitation observed'], '2026-02-03T12:00:00Z');
  git(dir, ['checkout', '-q', 'main']);
  writeFileSync(path.join(dir, 'README.md'), 'outside the content folder\n');
  git(dir, ['add', '.']);
  git(dir, ['commit', '-qm', 'readme'], '2026-02-04T12:00:00Z');
  git(dir, ['merge', '-q', '--no-ff', '-m', 'Merge capture', 'capture'], '2026-02-05T12:00:00Z');
  const merge = git(dir, ['rev-parse', 'HEAD']);
  return { dir, content, first, merge };
};

describe('readVerdictHistory', () => {
  test('every change along the first parent, newest first, a merge counted once as the change it brought', async () => {
    const { content, first, merge } = repository();
    const history = await readVerdictHistory(content);
    expect(history.available).toBe(true);
    if (!history.available) return;
    expect(history.head).toBe(merge);
    expect(history.changes.map((change) => [change.commit, change.date, change.subject, formatChange(change)])).toEqual([
      [merge, '2026-02-05T12:00:00Z', 'Merge capture', 'codex · elicitation: partial, 0.168.0, read → yes, 0.169.0, observed'],
      [first, '2026-01-02T12:00:00Z', 'first', 'codex · elicitation: unknown → partial, 0.168.0, read'],
    ]);
  });

  test('a shallow clone publishes no history, and says why', async () => {
    const { dir } = repository();
    const clone = temp('shallow');
    git(clone, ['clone', '-q', '--depth', '1', `file://${dir}`, 'repo']);
    const history = await readVerdictHistory(path.join(clone, 'repo/site/content'));
    expect(history.available).toBe(false);
    expect(!history.available && history.reason).toMatch(/^the repository is a shallow clone/);
  });

  test('a folder outside any repository has none, and says why', async () => {
    const dir = temp('nogit');
    const history = await readVerdictHistory(dir);
    expect(history.available).toBe(false);
    expect(!history.available && history.reason).toContain('is not inside a git repository');
  });
});

describe('verdict diff', () => {
  test('the cells that differ between two commits, old → new', async () => {
    const { content, first, merge } = repository();
    expect((await verdictDiff(content, first, merge)).map(formatChange)).toEqual([
      'codex · elicitation: partial, 0.168.0, read → yes, 0.169.0, observed',
    ]);
    expect(await verdictDiff(content, merge, merge)).toEqual([]);
  });

  test('npm run verdict-diff prints them as a pull request comment, and names a missing commit', async () => {
    const { content, first, merge } = repository();
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [path.join(repoRoot, 'src/cli/verdict-diff.ts'), ...args], {
        env: { ...process.env, CONTENT_DIR: content },
      });
    const { stdout } = await run(first, merge, '--format', 'markdown');
    expect(stdout).toContain('<!-- canimcp:verdict-diff -->\n### Verdict changes\n');
    expect(stdout).toContain('| codex | elicitation | partial, 0.168.0, read → yes, 0.169.0, observed |');
    const missing = await run('0000000', merge).then(
      () => ({ code: 0, stderr: '' }),
      (error: unknown) => error as { code: number; stderr: string },
    );
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/^error: 0000000: no such commit/);
  });
});
