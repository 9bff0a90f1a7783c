import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { clientPaths } from '../../../data/paths.ts';
import { atomFeed } from '../../../lib/outputs/feed.ts';
import { xmlResponse } from '../../../lib/outputs/responses.ts';
import { clientUrl, feedTitle, feedUrl } from '../../../lib/routes/urls.ts';
import { siteOrigin } from '../../../data/environment.ts';

export const getStaticPaths = clientPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props: { client } }) =>
  xmlResponse(
    atomFeed({
      origin: siteOrigin(),
      title: feedTitle(client.data.name),
      path: feedUrl(client.id),
      htmlPath: clientUrl(client.id),
      notes: client.notes,
    }),
    'application/atom+xml',
  );
