import { describe, expect, test } from 'vitest';
import { formatHeaders, headersFor, parseHeaders, twinHeaderRules } from './headers.ts';

const rules = twinHeaderRules('https://canimcp.io/', [
  { twin: '/research/a-note.md', page: '/research/a-note' },
  { twin: '/clients/zed.md', page: '/clients/zed' },
  { twin: '/stray.md', page: undefined },
]);

describe('twin header rules', () => {
  test('one content-type rule for every .md file and one for captures, then one canonical Link per twin that has a page', () => {
    expect(formatHeaders(rules, 'generated')).toBe(
      [
        '# generated',
        '/*.md',
        '  Content-Type: text/markdown; charset=utf-8',
        '/captures/*.jsonl',
        '  Content-Type: text/plain; charset=utf-8',
        '  X-Content-Type-Options: nosniff',
        '/research/a-note.md',
        '  Link: <https://canimcp.io/research/a-note>; rel="canonical"',
        '/clients/zed.md',
        '  Link: <https://canimcp.io/clients/zed>; rel="canonical"',
        '',
      ].join('\n'),
    );
  });

  test('read back, the rules give each twin its type and canonical, and pages nothing', () => {
    const read = parseHeaders(formatHeaders(rules, 'generated'));
    expect(read).toEqual(rules);
    expect(headersFor(read, '/research/a-note.md')).toEqual({
      'content-type': 'text/markdown; charset=utf-8',
      link: '<https://canimcp.io/research/a-note>; rel="canonical"',
    });
    expect(headersFor(read, '/stray.md')).toEqual({ 'content-type': 'text/markdown; charset=utf-8' });
    expect(headersFor(read, '/research/a-note')).toEqual({});
    expect(headersFor(read, '/research/a-notexmd')).toEqual({});
    expect(headersFor(read, '/captures/x-1-observe-stdio.jsonl')).toEqual({
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
  });
});

describe('parseHeaders and headersFor', () => {
  test('comments, blank lines and CRLF are skipped; splats and placeholders match as the hosts match them', () => {
    const read = parseHeaders('# c\r\n/static/*\r\n  X-A: 1\r\n\r\n/blog/:post\r\n  X-B: 2\r\n');
    expect(headersFor(read, '/static/a/b.css')).toEqual({ 'x-a': '1' });
    expect(headersFor(read, '/blog/hello')).toEqual({ 'x-b': '2' });
    expect(headersFor(read, '/blog/hello/more')).toEqual({});
  });
});
