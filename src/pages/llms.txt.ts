import type { APIRoute } from 'astro';
import { captureData } from '../data/captures.ts';
import { captureLinks, collectionLinks, overviewLinks, siteSummary } from '../data/listings.ts';
import { siteData } from '../data/site.ts';
import { llmsTxt } from '../lib/outputs/llms.ts';
import { textResponse } from '../lib/outputs/responses.ts';
import { absoluteUrl, llmsUrl, routes } from '../lib/routes/urls.ts';
import { siteOrigin } from '../data/environment.ts';

export const GET: APIRoute = async () => {
  const links = collectionLinks(await siteData());
  const origin = siteOrigin();
  return textResponse(
    llmsTxt({
      origin,
      title: 'canimcp',
      summary: siteSummary,
      details: `Every link below is a Markdown twin of an HTML page (drop the \`.md\` for the page). Each client and revision also has a scoped llms.txt at \`${absoluteUrl(origin, llmsUrl({ collection: 'clients', id: '<id>' }))}\` and \`${absoluteUrl(origin, llmsUrl({ collection: 'revisions', id: '<id>' }))}\`. All notes as JSON: ${absoluteUrl(origin, routes.notesJson.path)}; the support matrix as JSON: ${absoluteUrl(origin, routes.matrixJson.path)}; every client × feature cell as JSON: ${absoluteUrl(origin, routes.featuresJson.path)}.`,
      sections: [
        { heading: 'Overview', links: overviewLinks },
        { heading: 'Research notes', links: links.research },
        { heading: 'Clients', links: links.clients },
        { heading: 'Specification revisions', links: links.revisions },
        { heading: 'Capabilities', links: links.capabilities },
        { heading: 'Features', links: links.features },
        { heading: 'Captures', links: captureLinks(await captureData()) },
      ],
    }),
  );
};
