import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { clientPaths } from '../../../data/paths.ts';
import { listedNotes, siteData } from '../../../data/site.ts';
import { llmsTxt, noteLinks } from '../../../lib/outputs/llms.ts';
import { textResponse } from '../../../lib/outputs/responses.ts';
import { absoluteUrl, clientCapturesUrl, clientUrl, clientVersionsUrl, llmsUrl } from '../../../lib/routes/urls.ts';
import { clientCaptureRows } from '../../../data/client-captures.ts';
import { siteOrigin } from '../../../data/environment.ts';

export const getStaticPaths = clientPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { client } }) => {
  const captures = (await clientCaptureRows(client.id)).length;
  return textResponse(
    llmsTxt({
      origin: siteOrigin(),
      title: `canimcp: ${client.data.name}`,
      summary: `Research notes on how the MCP client ${client.data.name} behaves, each with its sources.`,
      details: `The client's own entry: ${absoluteUrl(siteOrigin(), clientUrl(client.id, 'twin'))}. The whole site: ${absoluteUrl(siteOrigin(), llmsUrl())}.`,
      sections: [
        {
          heading: 'Research notes',
          links: noteLinks(listedNotes(await siteData(), client.notes)),
        },
        {
          heading: 'Captures',
          links:
            captures === 0
              ? []
              : [
                  {
                    title: `${client.data.name}: versions`,
                    url: clientVersionsUrl(client.id, 'twin'),
                    description: `every captured version of ${client.data.name}, one a row, with what its captures showed, and the identities it presented`,
                  },
                  {
                    title: `${client.data.name}: captures`,
                    url: clientCapturesUrl(client.id, 'twin'),
                    description: `every capture of ${client.data.name} on the wire (${captures}), by version, newest first`,
                  },
                ],
        },
      ],
    }),
  );
};
