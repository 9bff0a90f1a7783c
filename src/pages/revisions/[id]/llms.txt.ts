import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { revisionPaths } from '../../../data/paths.ts';
import { listedNotes, siteData } from '../../../data/site.ts';
import { llmsTxt, noteLinks } from '../../../lib/outputs/llms.ts';
import { textResponse } from '../../../lib/outputs/responses.ts';
import { absoluteUrl, llmsUrl, revisionUrl } from '../../../lib/routes/urls.ts';
import { siteOrigin } from '../../../data/environment.ts';

export const getStaticPaths = revisionPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = async ({ props: { revision } }) =>
  textResponse(
    llmsTxt({
      origin: siteOrigin(),
      title: `canimcp: MCP ${revision.id}`,
      summary: `Research notes on how MCP clients handle specification revision ${revision.id} (${revision.data.era} era, ${revision.data.status}).`,
      details: `The revision's own entry: ${absoluteUrl(siteOrigin(), revisionUrl(revision.id, 'twin'))}. The whole site: ${absoluteUrl(siteOrigin(), llmsUrl())}.`,
      sections: [
        {
          heading: 'Research notes',
          links: noteLinks(listedNotes(await siteData(), revision.notes)),
        },
      ],
    }),
  );
