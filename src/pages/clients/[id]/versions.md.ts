import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { clientCaptures } from '../../../data/client-captures.ts';
import { clientCapturesPaths } from '../../../data/paths.ts';
import { clientVersionsTwin } from '../../../lib/outputs/client-twin.ts';
import { markdownResponse } from '../../../lib/outputs/responses.ts';

export const getStaticPaths = clientCapturesPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { client } }) => {
  const captured = await clientCaptures(client.id);
  return markdownResponse(
    clientVersionsTwin(
      { id: client.id, name: client.data.name, captures: captured.captures },
      captured.timeline,
      captured.identities,
    ),
  );
};
