import type { APIRoute, InferGetStaticPropsType } from 'astro';
import { revisionPaths } from '../../../data/paths.ts';
import { llmsTxt, noteLinks } from '../../../lib/llms.ts';
import { textResponse } from '../../../lib/responses.ts';
import { llmsUrl, revisionUrl } from '../../../lib/urls.ts';

export const getStaticPaths = revisionPaths;
type Props = InferGetStaticPropsType<typeof getStaticPaths>;

export const GET: APIRoute<Props> = ({ props: { revision } }) =>
  textResponse(
    llmsTxt({
      title: `canimcp: MCP ${revision.id}`,
      summary: `Research notes on how MCP clients handle specification revision ${revision.id} (${revision.data.era} era, ${revision.data.status}).`,
      details: `The revision's own entry: ${revisionUrl(revision.id, 'twin')}. The whole site: ${llmsUrl()}.`,
      sections: [
        {
          heading: 'Research notes',
          links: noteLinks(revision.notes),
        },
      ],
    }),
  );
