import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { featureData } from '../../data/features.ts';
import { capabilityPaths } from '../../data/paths.ts';
import { listedNotes } from '../../data/site.ts';
import { featureListMarkdown } from '../../lib/outputs/feature-twin.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';
import { entryTwin } from '../../lib/outputs/twin.ts';

export const getStaticPaths = capabilityPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props }) => {
  const { groups, knownCount, site } = await featureData();
  const features = groups.find((group) => group.capability === props.capability.id)?.features ?? [];
  const sections = features.length === 0 ? [] : [`## Features\n\n${featureListMarkdown(features, knownCount)}`];
  return markdownResponse(
    entryTwin({
      ...props.capability,
      heading: props.capability.data.title,
      notes: listedNotes(site, props.capability.notes),
      sections,
    }),
  );
};
