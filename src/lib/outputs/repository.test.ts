import { describe, expect, test } from 'vitest';
import { editFileUrl, fileUrl, githubRepositoryUrl, resolveRepository, suggestCorrectionUrl } from './repository.ts';

describe('githubRepositoryUrl', () => {
  test.each([
    'owner/name',
    'github:owner/name',
    'https://github.com/owner/name',
    'https://github.com/owner/name/',
    'https://www.github.com/owner/name',
    'http://github.com/owner/name',
    'git+https://github.com/owner/name.git',
    'git://github.com/owner/name.git',
    'git+ssh://git@github.com/owner/name.git',
    'ssh://git@github.com/owner/name.git',
    'git@github.com:owner/name.git',
    'github:owner/name#main',
    '  https://github.com/owner/name.git  ',
  ])('%s names https://github.com/owner/name', (value) => {
    expect(githubRepositoryUrl(value)).toBe('https://github.com/owner/name');
  });

  test('keeps dots, dashes and underscores in the name, and drops only a final .git', () => {
    expect(githubRepositoryUrl('https://github.com/my-org/site.io_v2.git')).toBe('https://github.com/my-org/site.io_v2');
  });

  test.each([
    ['another host', 'https://gitlab.com/owner/name'],
    ['another host as shorthand', 'gitlab:owner/name'],
    ['a look-alike host', 'https://github.com.evil.example/owner/name'],
    ['a path inside a repository', 'https://github.com/owner/name/tree/main/docs'],
    ['only an owner', 'https://github.com/owner'],
    ['a dot for a name', 'owner/..'],
    ['an empty string', ''],
    ['a javascript: URL', 'javascript:alert(1)//github.com/owner/name'],
    ['not a string', 42],
  ])('%s is not a GitHub repository', (_what, value) => {
    expect(githubRepositoryUrl(value)).toBeUndefined();
  });
});

describe('resolveRepository', () => {
  test('package.json as a string or as { url, directory }', () => {
    expect(resolveRepository(undefined, 'owner/name')).toEqual({ url: 'https://github.com/owner/name', directory: '' });
    expect(
      resolveRepository(undefined, { type: 'git', url: 'git+https://github.com/owner/name.git', directory: './packages/site/' }),
    ).toEqual({ url: 'https://github.com/owner/name', directory: 'packages/site' });
  });

  test('REPOSITORY_URL wins over package.json; an empty one counts as unset', () => {
    expect(
      resolveRepository('https://github.com/fork/name', { url: 'https://github.com/owner/name', directory: 'site' }),
    ).toEqual({
      url: 'https://github.com/fork/name',
      directory: '',
    });
    expect(resolveRepository(' ', 'owner/name')?.url).toBe('https://github.com/owner/name');
  });

  test('nothing configured, or a repository that is not on GitHub, gives no repository', () => {
    expect(resolveRepository(undefined, undefined)).toBeUndefined();
    expect(resolveRepository('', { type: 'git', url: 'https://gitlab.com/owner/name' })).toBeUndefined();
    expect(resolveRepository(undefined, { type: 'git' })).toBeUndefined();
  });

  test('a REPOSITORY_URL that names no GitHub repository is an error, not silently ignored', () => {
    expect(() => resolveRepository('https://gitlab.com/owner/name', undefined)).toThrow(
      'REPOSITORY_URL: expected a GitHub repository like https://github.com/owner/name, got "https://gitlab.com/owner/name"',
    );
  });
});

describe('links', () => {
  const repository = { url: 'https://github.com/owner/name', directory: '' };

  test('"Suggest a correction" opens a new issue prefilled with the id, page and last-verified date', () => {
    const href = suggestCorrectionUrl(repository, {
      id: 'x-does-y',
      page: 'https://canimcp.io/research/x-does-y',
      lastVerified: '2026-11-09',
    });
    expect(href).toBe(
      'https://github.com/owner/name/issues/new?title=Correction%3A%20x-does-y&body=Note%3A%20x-does-y%0APage%3A%20https%3A%2F%2Fcanimcp.io%2Fresearch%2Fx-does-y%0ALast%20verified%3A%202026-11-09%0A%0AWhat%20is%20wrong%2C%20and%20which%20source%20shows%20it%20(a%20link%2C%20and%20the%20commit%20or%20date%20where%20it%20applies)%3A%0A',
    );
    const url = new URL(href);
    expect(url.searchParams.get('title')).toBe('Correction: x-does-y');
    expect(url.searchParams.get('body')?.split('\n').slice(0, 3)).toEqual([
      'Note: x-does-y',
      'Page: https://canimcp.io/research/x-does-y',
      'Last verified: 2026-11-09',
    ]);
  });

  test('"Edit this note" opens the file on main, under the project folder where there is one', () => {
    expect(editFileUrl(repository, 'content/research/x-does-y.md')).toBe(
      'https://github.com/owner/name/edit/main/content/research/x-does-y.md',
    );
    expect(editFileUrl({ ...repository, directory: 'packages/site' }, 'content/research/x-does-y.md')).toBe(
      'https://github.com/owner/name/edit/main/packages/site/content/research/x-does-y.md',
    );
  });
});

test('a file’s page is on the edit branch, under the project’s folder', () => {
  expect(fileUrl({ url: 'https://github.com/o/n', directory: 'site' }, 'src/probe/harnesses/python-sdk.py')).toMatch(
    /^https:\/\/github\.com\/o\/n\/blob\/[\w-]+\/site\/src\/probe\/harnesses\/python-sdk\.py$/,
  );
});
