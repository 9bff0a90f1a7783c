/** The repository's workflows pass actionlint, and a broken workflow does not. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { formatProblem } from '../lib/content/problems.ts';
import { repoRoot } from './paths.ts';
import { lintWorkflows } from './workflow-lint.ts';

const broken = mkdtempSync(path.join(tmpdir(), 'canimcp-workflows-'));
afterAll(() => rmSync(broken, { recursive: true, force: true }));

test('every workflow in .github/workflows passes actionlint', async () => {
  const dir = path.join(repoRoot, '.github/workflows');
  expect((await lintWorkflows(dir)).map(formatProblem)).toEqual([]);
});

test('a broken workflow fails, each problem at its line', async () => {
  writeFileSync(
    path.join(broken, 'broken.yml'),
    [
      'on:',
      '  push:',
      '    branchs: [main]',
      'jobs:',
      '  deploy:',
      '    needs: [build]',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo "${{ github.evnt_name }}"',
      '',
    ].join('\n'),
  );
  const problems = (await lintWorkflows(broken)).map((problem) => ({ ...problem, file: path.basename(problem.file) }));
  expect(problems.map((problem) => `${problem.file}:${problem.line}`)).toEqual(['broken.yml:3', 'broken.yml:5', 'broken.yml:9']);
  expect(problems[0]?.message).toMatch(/^unexpected key "branchs" for "push" section/);
  expect(problems[1]?.message).toMatch(/needs job "build" which does not exist/);
  expect(problems[2]?.message).toMatch(/property "evnt_name" is not defined/);
});
