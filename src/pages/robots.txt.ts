import type { APIRoute } from 'astro';
import { textResponse } from '../lib/outputs/responses.ts';
import { absoluteUrl, routes } from '../lib/routes/urls.ts';
import { siteOrigin } from '../data/environment.ts';

export const GET: APIRoute = () =>
  textResponse(`User-agent: *\nAllow: /\n\nSitemap: ${absoluteUrl(siteOrigin(), routes.sitemap.path)}\n`);
