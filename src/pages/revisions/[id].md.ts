import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { revisionPaths } from '../../data/paths.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';
import { entryTwin } from '../../lib/outputs/twin.ts';

export const getStaticPaths = revisionPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) => markdownResponse(entryTwin({ ...props.revision, heading: props.revision.id }));
