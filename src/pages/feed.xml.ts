import type { APIRoute } from 'astro';
import { siteData } from '../data/site.ts';
import { atomFeed } from '../lib/outputs/feed.ts';
import { xmlResponse } from '../lib/outputs/responses.ts';
import { feedTitle, feedUrl, routes } from '../lib/routes/urls.ts';
import { siteOrigin } from '../data/environment.ts';

export const GET: APIRoute = async () =>
  xmlResponse(
    atomFeed({
      origin: siteOrigin(),
      title: feedTitle(),
      path: feedUrl(),
      htmlPath: routes.research.path,
      notes: (await siteData()).notes,
    }),
    'application/atom+xml',
  );
