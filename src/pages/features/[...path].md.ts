import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { featureData } from '../../data/features.ts';
import { featurePaths } from '../../data/paths.ts';
import { listedNotes } from '../../data/site.ts';
import { toolNameRuns } from '../../data/tool-names.ts';
import { featureClientsMarkdown, featureTwin, toolNameRunsMarkdown } from '../../lib/outputs/feature-twin.ts';
import { TOOL_NAMES_FEATURE } from '../../lib/server-check/check-server.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';

export const getStaticPaths = featurePaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props }) => {
  const { rowsOf, clientName, noteTitle, site } = await featureData();
  const { feature } = props;
  const clients = featureClientsMarkdown(rowsOf(feature.id), clientName, noteTitle);
  // Tool names are read from the captures' model requests, client by client and run by run.
  const names = feature.id === TOOL_NAMES_FEATURE ? `${toolNameRunsMarkdown(await toolNameRuns(), clientName)}\n\n` : '';
  return markdownResponse(featureTwin({ ...feature, notes: listedNotes(site, feature.notes), clients: `${names}${clients}` }));
};
