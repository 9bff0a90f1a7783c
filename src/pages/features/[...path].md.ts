import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { featureData } from '../../data/features.ts';
import { featurePaths } from '../../data/paths.ts';
import { listedNotes } from '../../data/site.ts';
import { featureClientsMarkdown, featureTwin } from '../../lib/outputs/feature-twin.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';

export const getStaticPaths = featurePaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props }) => {
  const { rowsOf, clientName, noteTitle, site } = await featureData();
  const { feature } = props;
  return markdownResponse(
    featureTwin({
      ...feature,
      notes: listedNotes(site, feature.notes),
      clients: featureClientsMarkdown(rowsOf(feature.id), clientName, noteTitle),
    }),
  );
};
