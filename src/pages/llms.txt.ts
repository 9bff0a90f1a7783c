import type { APIRoute } from 'astro';
import { siteData } from '../data/site.ts';
import { llmsTxt, noteLinks } from '../lib/llms.ts';
import { textResponse } from '../lib/responses.ts';
import { absoluteUrl, capabilityUrl, clientUrl, revisionUrl, siteOrigin } from '../lib/urls.ts';

export const GET: APIRoute = async () => {
  const site = await siteData();
  const origin = siteOrigin();
  return textResponse(
    llmsTxt({
      site: origin,
      title: 'canimcp',
      summary:
        'Research notes on how MCP (Model Context Protocol) clients really behave: which protocol revisions they speak, how they negotiate, and where they differ from the specification and from each other, each claim with its sources.',
      details: `Every link below is a Markdown twin of an HTML page (drop the \`.md\` for the page). Each client and revision also has a scoped llms.txt at \`${origin}/clients/<id>/llms.txt\` and \`${origin}/revisions/<id>/llms.txt\`. All notes as JSON: ${absoluteUrl(origin, '/data/notes.json')}.`,
      sections: [
        {
          heading: 'Research notes',
          links: noteLinks(site.notes),
        },
        {
          heading: 'Clients',
          links: site.clients.map((client) => ({
            title: client.data.name,
            url: clientUrl(client.id, 'twin'),
            description: `${client.notes.length} notes`,
          })),
        },
        {
          heading: 'Specification revisions',
          links: site.revisions.map((revision) => ({
            title: revision.id,
            url: revisionUrl(revision.id, 'twin'),
            description: `${revision.data.status}, ${revision.data.era} era, released ${revision.data.released}`,
          })),
        },
        {
          heading: 'Capabilities',
          links: site.capabilities.map((capability) => ({
            title: capability.data.title,
            url: capabilityUrl(capability.id, 'twin'),
            description: capability.data.description,
          })),
        },
      ],
    }),
  );
};
