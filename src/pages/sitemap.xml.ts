import type { APIRoute } from 'astro';
import { htmlPages } from '../data/outputs.ts';
import { xmlResponse } from '../lib/outputs/responses.ts';
import { sitemapXml } from '../lib/outputs/sitemap.ts';
import { siteOrigin } from '../data/environment.ts';

export const GET: APIRoute = async () => xmlResponse(sitemapXml(siteOrigin(), await htmlPages()));
