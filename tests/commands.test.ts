/**
 * Every command of package.json's scripts that runs a file of the project answers `--help` with its
 * usage and exit 0, doing nothing else, and refuses an option it does not know with one line (no
 * stack trace) and exit 2: one test per command, run through its entry point as npm runs it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';

const { scripts } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

/** Each script whose whole command is `node <file>`: its name, its file and how a user names it. */
const commands = Object.entries(scripts).flatMap(([script, command]) => {
  const file = /^node (\S+\.ts)$/.exec(command)?.[1];
  return file === undefined ? [] : [{ script, file, named: script === 'start' ? 'npm start' : `npm run ${script}` }];
});

/** Drift adds its exit codes up, and 2 says "unreachable" there: an option it cannot read is its 4 (its --help says so). */
const usageExit = (script: string) => (script === 'drift' ? 4 : 2);

const run = (file: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(repoRoot, file), ...args],
      // No content folder: a command that went on past its arguments would fail here instead of building.
      { cwd: repoRoot, env: { ...process.env, CONTENT_DIR: path.join(repoRoot, 'no-such-content'), DEBUG: '' }, timeout: 60_000 },
      (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }),
    );
  });

describe('every command', () => {
  test('is found: the scripts that run a project file, bench and the capture lab among them', () => {
    expect(commands.map((command) => command.script)).toEqual(
      expect.arrayContaining(['start', 'build', 'check', 'drift', 'new', 'dev', 'preview', 'schema', 'verdict-diff', 'bench']),
    );
    expect(commands.map((command) => command.script)).toEqual(
      expect.arrayContaining(['lint:workflows', 'probe', 'check-server', 'data-package', 'outputs']),
    );
  });

  test.each(commands)(
    '$named answers --help with its usage and exit 0, and an unknown option with one line',
    async ({ script, file, named }) => {
      const help = await run(file, ['--help']);
      expect(help.stderr).toBe('');
      expect(help.stdout).toContain(named);
      expect(help.code).toBe(0);

      const unknown = await run(file, ['--no-such-option']);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toMatch(/^error: .*--no-such-option.*\n$/);
      expect(unknown.stderr).not.toMatch(/\n\s+at /);
      expect(unknown.code).toBe(usageExit(script));
    },
  );
});
