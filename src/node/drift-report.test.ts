import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { runCheck } from './check.ts';
import { readDriftReport } from './drift-report.ts';
import { repoRoot } from './paths.ts';

let dir: string;

beforeAll(async () => {
  vi.stubEnv('BUILD_DATE', '2026-11-30');
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-drift-report-'));
  await cp(path.join(repoRoot, 'tests/fixtures/minimal'), dir, { recursive: true });
});

afterAll(async () => {
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

const relative = (file: string) => path.relative(process.cwd(), path.join(dir, file));

describe('the drift report of a content folder', () => {
  test('is optional: none is no problem', async () => {
    expect(await readDriftReport(dir)).toEqual({ problems: [] });
  });

  test('a field that breaks the schema is a problem at its line, and check reports it', async () => {
    await writeFile(
      path.join(dir, 'drift.json'),
      '{\n  "drift": 1,\n  "checked": "2026-13-01",\n  "releases": [],\n  "verdicts": [],\n  "sources": [{ "note": "x" }]\n}\n',
    );
    const { problems } = await readDriftReport(dir);
    expect(problems.map((problem) => `${problem.line}:${problem.column}: ${problem.field}`)).toEqual(
      expect.arrayContaining(['3:14: checked', '6:15: sources[0].url']),
    );
    const run = await runCheck([], dir);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${relative('drift.json')}:3:14: checked: expected a real calendar date, got "2026-13-01"`);
  });

  test('a file that is not JSON is one problem, at the place JSON stops', async () => {
    await writeFile(path.join(dir, 'drift.json'), '{\n  "drift": 1,\n  oops\n}\n');
    const { problems, report } = await readDriftReport(dir);
    expect(report).toBeUndefined();
    expect(problems.map((problem) => [problem.file, problem.line])).toEqual([[relative('drift.json'), 3]]);
    expect(problems[0]?.message).toMatch(/^invalid JSON: .*; write it again with npm run drift -- --write$/);
  });
});
