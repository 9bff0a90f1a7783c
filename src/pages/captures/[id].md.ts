import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { capturePaths } from '../../data/paths.ts';
import { captureTwin } from '../../lib/outputs/capture-view.ts';
import { markdownResponse } from '../../lib/outputs/responses.ts';

export const getStaticPaths = capturePaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props }) =>
  markdownResponse(captureTwin(props.view.capture, { clientName: props.view.clientName, citedBy: props.view.citedBy }));
