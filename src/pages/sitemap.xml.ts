import type { APIRoute } from 'astro';
import { htmlPages } from '../data/outputs.ts';
import { xmlResponse } from '../lib/responses.ts';
import { sitemapXml } from '../lib/sitemap.ts';
import { siteOrigin } from '../lib/urls.ts';

export const GET: APIRoute = async () => xmlResponse(sitemapXml(siteOrigin(), await htmlPages()));
