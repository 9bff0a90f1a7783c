import { absoluteUrl } from '../routes/urls.ts';
import { escapeXml } from './xml.ts';

/** A sitemap of HTML pages, with `lastmod` where a page has a date. */
export const sitemapXml = (origin: string, pages: readonly { path: string; lastmod?: string }[]): string =>
  [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map(
      (page) =>
        `  <url><loc>${escapeXml(absoluteUrl(origin, page.path))}</loc>${page.lastmod ? `<lastmod>${page.lastmod}</lastmod>` : ''}</url>`,
    ),
    '</urlset>',
    '',
  ].join('\n');
