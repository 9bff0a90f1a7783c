import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { clientCaptures } from '../../data/client-captures.ts';
import { featureData } from '../../data/features.ts';
import { matrixData } from '../../data/matrix.ts';
import { clientPaths } from '../../data/paths.ts';
import { listedNotes, siteData } from '../../data/site.ts';
import { clientCapturesMarkdown, clientSupportMarkdown } from '../../lib/outputs/client-twin.ts';
import { clientFeaturesMarkdown } from '../../lib/outputs/feature-twin.ts';
import { rowOf } from '../../lib/cells/matrix.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';
import { entryTwin } from '../../lib/outputs/twin.ts';

export const getStaticPaths = clientPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props }) => {
  const { client } = props;
  const [site, { matrices, labels }, captured, features] = await Promise.all([
    siteData(),
    matrixData(),
    clientCaptures(client.id),
    featureData(),
  ]);
  const rows = { revision: rowOf(matrices.revision, client.id), capability: rowOf(matrices.capability, client.id) };
  return markdownResponse(
    entryTwin({
      ...client,
      heading: client.data.name,
      notes: listedNotes(site, client.notes),
      sections: [
        clientSupportMarkdown(rows, labels.columnLabel),
        clientFeaturesMarkdown(features.cellsOfClient(client.id), features.featureTitle),
        clientCapturesMarkdown(
          { id: client.id, name: client.data.name, captures: captured.captures },
          captured.spans,
          captured.versions,
          captured.identities,
        ),
      ],
    }),
  );
};
