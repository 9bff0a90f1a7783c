import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { clientCaptureRows } from '../../../data/client-captures.ts';
import { clientCapturesPaths } from '../../../data/paths.ts';
import { clientCaptureListTwin } from '../../../lib/outputs/client-twin.ts';
import { markdownResponse } from '../../../lib/outputs/responses.ts';

export const getStaticPaths = clientCapturesPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { client } }) =>
  markdownResponse(clientCaptureListTwin({ id: client.id, name: client.data.name }, await clientCaptureRows(client.id)));
