import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { clientPaths } from '../../data/paths.ts';
import { markdownResponse } from '../../lib/responses.ts';
import { entryTwin } from '../../lib/twin.ts';

export const getStaticPaths = clientPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) =>
  markdownResponse(entryTwin({ ...props.client, heading: props.client.data.name }));
