import { describe, expect, test } from 'vitest';
import { deployHost, formatHeaders, headersFor, headersHostOf, pageOfTwin, parseHeaders, twinHeaderRules } from './headers.ts';

const twins = [
  { twin: '/index.md', page: '/' },
  { twin: '/research/a-note.md', page: '/research/a-note' },
  { twin: '/clients/zed.md', page: '/clients/zed' },
  { twin: '/stray.md', page: undefined },
];
const rules = twinHeaderRules('https://canimcp.io/', twins);

describe('the page a twin copies', () => {
  test('is the twin without .md, and the home page for /index.md', () => {
    expect(pageOfTwin('/research/a-note.md')).toBe('/research/a-note');
    expect(pageOfTwin('/index.md')).toBe('/');
    expect(pageOfTwin('/guides/index.md')).toBe('/guides');
    expect(pageOfTwin('/reindex.md')).toBe('/reindex');
  });
});

describe('twin header rules for Netlify', () => {
  test('one content-type rule for every .md file and one for captures, then one canonical Link per twin that has a page', () => {
    expect(formatHeaders(rules, 'generated', 'netlify')).toBe(
      [
        '# generated',
        '# host: netlify',
        '/*.md',
        '  Content-Type: text/markdown; charset=utf-8',
        '/captures/*.jsonl',
        '  Content-Type: text/plain; charset=utf-8',
        '  X-Content-Type-Options: nosniff',
        '/index.md',
        '  Link: <https://canimcp.io/>; rel="canonical"',
        '/research/a-note.md',
        '  Link: <https://canimcp.io/research/a-note>; rel="canonical"',
        '/clients/zed.md',
        '  Link: <https://canimcp.io/clients/zed>; rel="canonical"',
        '',
      ].join('\n'),
    );
  });

  test('read back, the rules give each twin its type and canonical, and pages nothing', () => {
    const text = formatHeaders(rules, 'generated', 'netlify');
    const read = parseHeaders(text);
    expect(headersHostOf(text)).toBe('netlify');
    expect(read).toEqual(rules);
    expect(headersFor(read, '/research/a-note.md')).toEqual({
      'content-type': 'text/markdown; charset=utf-8',
      link: '<https://canimcp.io/research/a-note>; rel="canonical"',
    });
    expect(headersFor(read, '/index.md').link).toBe('<https://canimcp.io/>; rel="canonical"');
    expect(headersFor(read, '/stray.md')).toEqual({ 'content-type': 'text/markdown; charset=utf-8' });
    expect(headersFor(read, '/research/a-note')).toEqual({});
    expect(headersFor(read, '/research/a-notexmd')).toEqual({});
    expect(headersFor(read, '/captures/x-1-observe-stdio.jsonl')).toEqual({
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
    });
  });
});

describe('twin header rules for Cloudflare Pages', () => {
  const cloudflare = twinHeaderRules('https://canimcp.io', twins, 'cloudflare');
  const text = formatHeaders(cloudflare, 'generated', 'cloudflare');

  test('one canonical rule filled in by :splat, however many twins; only twins whose page it misnames get their own', () => {
    expect(text).toBe(
      [
        '# generated',
        '# host: cloudflare',
        '/*.md',
        '  Link: <https://canimcp.io/:splat>; rel="canonical"',
        '/index.md',
        '  ! Link',
        '  Link: <https://canimcp.io/>; rel="canonical"',
        '/stray.md',
        '  ! Link',
        '/captures/*.jsonl',
        '  X-Content-Type-Options: nosniff',
        '',
      ].join('\n'),
    );
    const many = Array.from({ length: 500 }, (_, index) => ({ twin: `/research/n${index}.md`, page: `/research/n${index}` }));
    expect(twinHeaderRules('https://canimcp.io', many, 'cloudflare')).toHaveLength(2);
  });

  test('applied as Cloudflare applies it: each twin names its page, a mistyped twin gets no Markdown type, pages nothing', () => {
    const read = parseHeaders(text);
    expect(headersHostOf(text)).toBe('cloudflare');
    expect(read).toEqual(cloudflare);
    expect(headersFor(read, '/research/a-note.md', 'cloudflare')).toEqual({
      link: '<https://canimcp.io/research/a-note>; rel="canonical"',
    });
    expect(headersFor(read, '/index.md', 'cloudflare')).toEqual({ link: '<https://canimcp.io/>; rel="canonical"' });
    expect(headersFor(read, '/stray.md', 'cloudflare')).toEqual({});
    // The 404 page answers a mistyped twin URL: nothing here retypes it as Markdown.
    expect(headersFor(read, '/research/no-such-note.md', 'cloudflare')['content-type']).toBeUndefined();
    expect(headersFor(read, '/research/a-note', 'cloudflare')).toEqual({});
    // Nor a mistyped capture URL as text (issue 33): the capture rule sets no type on Cloudflare, only nosniff.
    expect(headersFor(read, '/captures/no-such-capture.jsonl', 'cloudflare')).toEqual({ 'x-content-type-options': 'nosniff' });
  });
});

describe('DEPLOY_HOST', () => {
  test('netlify when unset, cloudflare when asked, anything else refused in one line', () => {
    expect(deployHost(undefined)).toBe('netlify');
    expect(deployHost('')).toBe('netlify');
    expect(deployHost('cloudflare')).toBe('cloudflare');
    expect(() => deployHost('vercel')).toThrow(
      'DEPLOY_HOST: expected netlify or cloudflare (or nothing, for netlify), got "vercel"',
    );
  });
});

describe('parseHeaders and headersFor', () => {
  test('comments, blank lines and CRLF are skipped; splats and placeholders match as the hosts match them', () => {
    const read = parseHeaders('# c\r\n/static/*\r\n  X-A: 1\r\n\r\n/blog/:post\r\n  X-B: 2\r\n');
    expect(headersFor(read, '/static/a/b.css')).toEqual({ 'x-a': '1' });
    expect(headersFor(read, '/blog/hello')).toEqual({ 'x-b': '2' });
    expect(headersFor(read, '/blog/hello/more')).toEqual({});
  });

  test('Netlify keeps :splat as written and lets the later rule win; Cloudflare fills it in and joins repeats', () => {
    const read = parseHeaders('/a/*\n  X-S: <:splat>\n/a/b\n  X-S: two\n');
    expect(headersFor(read, '/a/b', 'netlify')).toEqual({ 'x-s': 'two' });
    expect(headersFor(read, '/a/b', 'cloudflare')).toEqual({ 'x-s': '<b>, two' });
  });
});
