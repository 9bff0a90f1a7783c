import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { historyData } from '../../../data/history.ts';
import { clientPaths } from '../../../data/paths.ts';
import { changesFeed } from '../../../lib/outputs/changes-feed.ts';
import { xmlResponse } from '../../../lib/outputs/responses.ts';
import { changesTitle, changesUrl, clientUrl } from '../../../lib/routes/urls.ts';
import { buildDate, siteOrigin } from '../../../data/environment.ts';

export const getStaticPaths = clientPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props: { client } }) =>
  xmlResponse(
    changesFeed({
      origin: siteOrigin(),
      title: changesTitle(client.data.name),
      path: changesUrl(client.id),
      htmlPath: clientUrl(client.id),
      history: historyData(),
      client: client.id,
      buildDate: buildDate(),
    }),
    'application/atom+xml',
  );
