import { describe, expect, test } from 'vitest';
import { comparePage, pageDigest, pageText } from './pages.ts';
import type { KindSource } from './evidence-sources.ts';
import type { PageDrift } from '../schema/drift.ts';

const source: KindSource = {
  note: 'n',
  index: 0,
  source: { url: 'https://example.com/docs', title: 'Docs', date: '2026-11-01' },
  cells: [{ client: 'c', axis: 'feature', column: 'tools.call' }],
  at: { file: 'content/research/n.md', line: 10, column: 5 },
};
const earlier = (fields: Partial<PageDrift>): PageDrift => ({
  note: 'n',
  url: 'https://example.com/docs',
  date: '2026-11-01',
  status: 'recorded',
  cells: source.cells,
  at: source.at,
  ...fields,
});

describe('pageText', () => {
  test('is what a reader sees: no tags, scripts, styles, comments or runs of spacing; entities read', () => {
    expect(
      pageText(
        '<html><head><style>p{}</style><script>x()</script></head><body><!-- n --><h1 class="a">MCP &amp; tools</h1>\n\n<p>Yes&nbsp;&#8212;&#x2014; now</p></body></html>',
      ),
    ).toBe('MCP & tools Yes —— now');
    expect(pageDigest('<p>Same</p>')).toBe(pageDigest('<div class="x">\n  Same </div>'));
  });
});

describe('comparePage', () => {
  const seen = { sha256: 'a'.repeat(64) };
  test('a first look records the page; a server date after the note read it is a change', () => {
    expect(comparePage(source, seen, undefined)).toMatchObject({ status: 'recorded', sha256: seen.sha256 });
    expect(comparePage(source, { ...seen, lastModified: '2026-11-20' }, undefined)).toMatchObject({ status: 'changed' });
    expect(comparePage(source, { ...seen, lastModified: '2026-10-20' }, undefined)).toMatchObject({ status: 'recorded' });
  });
  test('the same text is unchanged, other text is changed against the baseline, and stays so', () => {
    expect(comparePage(source, seen, earlier({ sha256: seen.sha256 })).status).toBe('unchanged');
    const changed = comparePage(source, { sha256: 'b'.repeat(64) }, earlier({ sha256: seen.sha256 }));
    expect(changed).toMatchObject({ status: 'changed', sha256: seen.sha256 });
    expect(comparePage(source, { sha256: 'b'.repeat(64) }, changed).status).toBe('changed');
  });
  test('a look of an older reading (the source dated again since) is no baseline', () => {
    expect(comparePage(source, seen, earlier({ date: '2026-01-01', sha256: 'b'.repeat(64) })).status).toBe('recorded');
  });
  test('an unreachable page keeps the baseline', () => {
    expect(comparePage(source, { unreachable: 'HTTP 500' }, earlier({ sha256: seen.sha256 }))).toMatchObject({
      status: 'unreachable',
      sha256: seen.sha256,
      detail: 'HTTP 500',
    });
  });
});
