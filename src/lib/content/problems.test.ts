import { describe, expect, test } from 'vitest';
import { formatGithubAnnotation, formatProblem, sortProblems, type Problem } from './problems.ts';

const kind: Problem = {
  file: 'content/research/foo.md',
  line: 2,
  column: 5,
  field: 'kind',
  message: 'expected one of nuance, support, gap, bug, change, got "nuace"',
};
const link: Problem = {
  file: 'content/research/foo.md',
  line: 12,
  column: 3,
  message: 'link to /clients/x.md: no client "x" exists',
};

describe('formatProblem', () => {
  test('path:line:column: field: message, and without a field where there is none', () => {
    expect(formatProblem(kind)).toBe(
      'content/research/foo.md:2:5: kind: expected one of nuance, support, gap, bug, change, got "nuace"',
    );
    expect(formatProblem(link)).toBe('content/research/foo.md:12:3: link to /clients/x.md: no client "x" exists');
  });
});

describe('formatGithubAnnotation', () => {
  test('an ::error workflow command on the file, line and column', () => {
    expect(formatGithubAnnotation(kind)).toBe(
      '::error file=content/research/foo.md,line=2,col=5::kind: expected one of nuance, support, gap, bug, change, got "nuace"',
    );
  });

  test('escapes what workflow commands treat specially', () => {
    expect(formatGithubAnnotation({ file: 'a,b:c%.md', line: 1, column: 1, message: '100% broken\r\nnext line' })).toBe(
      '::error file=a%2Cb%3Ac%25.md,line=1,col=1::100%25 broken%0D%0Anext line',
    );
  });
});

describe('sortProblems', () => {
  test('by file, then line, then column, numerically', () => {
    const problems: Problem[] = [
      { file: 'b.md', line: 1, column: 1, message: '4' },
      { file: 'a.md', line: 10, column: 1, message: '3' },
      { file: 'a.md', line: 2, column: 9, message: '2' },
      { file: 'a.md', line: 2, column: 3, message: '1' },
    ];
    expect(sortProblems(problems).map((problem) => problem.message)).toEqual(['1', '2', '3', '4']);
    expect(problems[0]?.message).toBe('4');
  });
});
