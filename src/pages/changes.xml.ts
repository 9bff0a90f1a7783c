import type { APIRoute } from 'astro';
import { historyData } from '../data/history.ts';
import { changesFeed } from '../lib/outputs/changes-feed.ts';
import { xmlResponse } from '../lib/outputs/responses.ts';
import { changesTitle, changesUrl, routes } from '../lib/routes/urls.ts';
import { buildDate, siteOrigin } from '../data/environment.ts';

export const GET: APIRoute = () =>
  xmlResponse(
    changesFeed({
      origin: siteOrigin(),
      title: changesTitle(),
      path: changesUrl(),
      htmlPath: routes.matrix.path,
      history: historyData(),
      buildDate: buildDate(),
    }),
    'application/atom+xml',
  );
