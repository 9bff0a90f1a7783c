import { describe, expect, test } from 'vitest';
import { githubFileLinks } from './github.ts';

const repo = 'https://github.com/NousResearch/hermes-agent';

describe('githubFileLinks', () => {
  test('a path with a line range links the file at the commit with an L-range anchor', () => {
    expect(githubFileLinks(repo, '9dcf7714', 'tools/mcp_tool_transport.py:188-252')).toEqual([
      {
        label: 'tools/mcp_tool_transport.py:188-252',
        href: 'https://github.com/NousResearch/hermes-agent/blob/9dcf7714/tools/mcp_tool_transport.py#L188-L252',
      },
    ]);
  });

  test.each([
    ['a.py:30', 'https://github.com/o/r/blob/abc1234/a.py#L30'],
    ['src/a.py', 'https://github.com/o/r/blob/abc1234/src/a.py'],
    ['docs/a file#1.md:2-3', 'https://github.com/o/r/blob/abc1234/docs/a%20file%231.md#L2-L3'],
  ])('%s', (path, href) => {
    expect(githubFileLinks('https://github.com/o/r', 'abc1234', path).map((link) => link.href)).toEqual([href]);
  });

  test('several paths separated by commas each get a link, in order', () => {
    expect(githubFileLinks('https://github.com/o/r', 'abc1234', 'a.py:1-2, b/c.py:3,d.py')).toEqual([
      { label: 'a.py:1-2', href: 'https://github.com/o/r/blob/abc1234/a.py#L1-L2' },
      { label: 'b/c.py:3', href: 'https://github.com/o/r/blob/abc1234/b/c.py#L3' },
      { label: 'd.py', href: 'https://github.com/o/r/blob/abc1234/d.py' },
    ]);
  });

  test.each(['https://github.com/o/r/', 'https://github.com/o/r.git'])('the repository URL %s is read as o/r', (url) => {
    expect(githubFileLinks(url, 'abc1234', 'a.py')).toEqual([
      { label: 'a.py', href: 'https://github.com/o/r/blob/abc1234/a.py' },
    ]);
  });

  test.each([
    ['a non-GitHub URL', 'https://pypi.org/project/mcp-types/2.3.0/', 'abc1234', 'mcp/client/session.py:651-673'],
    ['a GitHub URL that is not a repository', 'https://github.com/o/r/pull/12', 'abc1234', 'a.py'],
    ['a GitHub organisation', 'https://github.com/o', 'abc1234', 'a.py'],
    ['no commit', repo, undefined, 'a.py'],
    ['no path', repo, 'abc1234', undefined],
  ])('no links for %s', (_what, url, commit, path) => {
    expect(githubFileLinks(url, commit, path)).toEqual([]);
  });
});

describe('githubFileLinks with several line ranges', () => {
  test('bare numbers after a file add lines to it, and a remark stays with its file', () => {
    expect(
      githubFileLinks('https://github.com/o/r', 'abc1234', 'CHANGELOG.md:22, 81, 86-90; b.ts, section Capabilities'),
    ).toEqual([
      { label: 'CHANGELOG.md:22, 81, 86-90', href: 'https://github.com/o/r/blob/abc1234/CHANGELOG.md#L22' },
      { label: 'b.ts, section Capabilities', href: 'https://github.com/o/r/blob/abc1234/b.ts' },
    ]);
  });
});
