import { describe, expect, test } from 'vitest';
import { sitemapXml } from './sitemap.ts';

describe('sitemapXml', () => {
  test('one url per page, in the order given, lastmod only where known, escaped', () => {
    expect(
      sitemapXml('https://canimcp.io/', [
        { path: '/' },
        { path: '/research/a-note', lastmod: '2026-11-09' },
        { path: '/search?q=a&b=<c>' },
      ]),
    ).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://canimcp.io/</loc></url>',
        '  <url><loc>https://canimcp.io/research/a-note</loc><lastmod>2026-11-09</lastmod></url>',
        '  <url><loc>https://canimcp.io/search?q=a&amp;b=&lt;c&gt;</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  test('an empty site is an empty urlset', () => {
    expect(sitemapXml('https://canimcp.io', [])).toBe(
      '<?xml version="1.0" encoding="utf-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n',
    );
  });
});
