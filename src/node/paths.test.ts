import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { projectPath } from './paths.ts';

describe('projectPath', () => {
  const root = path.resolve('/repo');
  test('a file inside the project, with / separators', () => {
    expect(projectPath(root, path.join(root, 'content', 'research', 'x.md'))).toBe('content/research/x.md');
  });
  test('a file outside the project has none', () => {
    expect(projectPath(root, path.resolve('/tmp/content/research/x.md'))).toBeUndefined();
    expect(projectPath(root, path.resolve('/repo-other/x.md'))).toBeUndefined();
    expect(projectPath(root, root)).toBeUndefined();
  });
});
