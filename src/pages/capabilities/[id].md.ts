import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { capabilityPaths } from '../../data/paths.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';
import { entryTwin } from '../../lib/outputs/twin.ts';

export const getStaticPaths = capabilityPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) =>
  markdownResponse(entryTwin({ ...props.capability, heading: props.capability.data.title }));
