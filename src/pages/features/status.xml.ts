import type { APIRoute } from 'astro';
import { buildDate, siteOrigin } from '../../data/environment.ts';
import { featureData } from '../../data/features.ts';
import { featureStatusData } from '../../data/feature-status.ts';
import { statusFeed } from '../../lib/outputs/status-feed.ts';
import { unavailableText } from '../../lib/outputs/changes-feed.ts';
import { xmlResponse } from '../../lib/outputs/responses.ts';

export const GET: APIRoute = async () => {
  const [{ site }, { changes, unavailable }] = await Promise.all([featureData(), featureStatusData()]);
  const titles = new Map(site.features.map((feature) => [feature.id, feature.data.title]));
  return xmlResponse(
    statusFeed({
      origin: siteOrigin(),
      changes,
      titles,
      buildDate: buildDate(),
      ...(unavailable === undefined ? {} : { unavailable: unavailableText(unavailable) }),
    }),
    'application/atom+xml',
  );
};
