import type { APIRoute } from 'astro';
import { textResponse } from '../lib/responses.ts';
import { absoluteUrl, siteOrigin } from '../lib/urls.ts';

export const GET: APIRoute = () =>
  textResponse(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteOrigin(), '/sitemap.xml')}\n`);
