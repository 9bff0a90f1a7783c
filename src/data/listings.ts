/** The site's lists as llms.txt-style Markdown links: for /llms.txt and the index pages' `.md` twins. */
import { captureData, type CaptureView } from './captures.ts';
import { listedNotes, siteData, type SiteData } from './site.ts';
import { codeSpan } from '../lib/outputs/capture-view.ts';
import { llmsTxt, noteLinks, type LlmsLink } from '../lib/outputs/llms.ts';
import { capabilityUrl, captureUrl, clientUrl, featureUrl, revisionUrl, routes } from '../lib/routes/urls.ts';

/** What the site is, in one paragraph: llms.txt's summary and the home twin's. */
export const siteSummary =
  'Research notes on how MCP (Model Context Protocol) clients really behave: which protocol revisions they speak, how they negotiate, and where they differ from the specification and from each other, each claim with its sources.';

/** Each collection's entries as links to their twins. */
export const collectionLinks = (
  site: SiteData,
): Record<'research' | 'clients' | 'revisions' | 'capabilities' | 'features', LlmsLink[]> => ({
  research: noteLinks(listedNotes(site, site.notes)),
  clients: site.clients.map((client) => ({
    title: client.data.name,
    url: clientUrl(client.id, 'twin'),
    description: `${client.notes.length} notes`,
  })),
  revisions: site.revisions.map((revision) => ({
    title: revision.id,
    url: revisionUrl(revision.id, 'twin'),
    description: `${revision.data.status}, ${revision.data.era} era, released ${revision.data.released}`,
  })),
  capabilities: site.capabilities.map((capability) => ({
    title: capability.data.title,
    url: capabilityUrl(capability.id, 'twin'),
    description: capability.data.description,
  })),
  features: site.features.map((feature) => ({
    title: feature.data.title,
    url: featureUrl(feature.id, 'twin'),
    description: `${feature.data.description} (\`${feature.id}\`)`,
  })),
});

/** The overview twins: what an agent reads first. */
export const overviewLinks: LlmsLink[] = [
  {
    title: 'Support matrix',
    url: routes.matrix.twin,
    description: 'clients by revision and by capability, each cell a verdict (yes, partial, no) with its notes, or unknown',
  },
  { title: 'All research notes', url: routes.research.twin, description: 'every note, newest first' },
  {
    title: 'Features',
    url: routes.features.twin,
    description: 'fine-grained client features by capability, each with a row per client (state, versions, evidence)',
  },
];

const headings = {
  research: ['Research notes', 'Every canimcp research note, newest update first, each linked to its Markdown twin.'],
  clients: ['Clients', 'Every MCP client canimcp has notes on, each linked to its Markdown twin.'],
  revisions: ['Specification revisions', 'Every MCP specification revision, newest first, each linked to its Markdown twin.'],
  capabilities: ['Capabilities', "The protocol's capability areas, each linked to its Markdown twin."],
} as const;

/** An index page's twin (`/research.md`, `/clients.md`, ...): its entries as llms.txt lists them. */
export const collectionTwin = async (collection: keyof typeof headings): Promise<string> => {
  const site = await siteData();
  const [title, summary] = headings[collection];
  const links = collectionLinks(site)[collection];
  return llmsTxt({ title, summary, sections: [{ heading: `All ${links.length}`, links }] });
};

/** The home page's twin: what the site is, where to start, the latest notes, clients and revisions. */
export const homeTwin = async (): Promise<string> => {
  const site = await siteData();
  const links = collectionLinks(site);
  return llmsTxt({
    title: 'canimcp',
    summary: siteSummary,
    sections: [
      {
        heading: 'Start here',
        links: [
          ...overviewLinks,
          { title: 'Clients', url: routes.clients.twin },
          { title: 'Specification revisions', url: routes.revisions.twin },
          { title: 'Capabilities', url: routes.capabilities.twin },
          { title: 'Features', url: routes.features.twin },
          { title: 'Captures', url: routes.captures.twin },
        ],
      },
      { heading: 'Latest notes', links: links.research.slice(0, 6) },
      { heading: 'Clients', links: links.clients },
      { heading: 'Specification revisions', links: links.revisions },
    ],
  });
};

/**
 * Captures as links to their twins. The title is the client's name and the capture's id; what the
 * capture's header says is described in code spans, as it is not the site's own text.
 */
export const captureLinks = (views: readonly CaptureView[]): LlmsLink[] =>
  views.map(({ capture, summary, clientName }) => ({
    title: `${clientName}: ${capture.id}`,
    url: captureUrl(capture.id, 'twin'),
    description: `version ${codeSpan(summary.version)}, ${summary.path} over ${summary.transport}, persona ${codeSpan(summary.persona)}, captured ${summary.capturedAt}; offered ${summary.offered.length === 0 ? 'no version' : summary.offered.map(codeSpan).join(', ')}`,
  }));

/** `/captures.md`: every capture, as llms.txt lists them. */
export const capturesTwin = async (): Promise<string> => {
  const links = captureLinks(await captureData());
  return llmsTxt({
    title: 'Captures',
    summary:
      'What real MCP clients sent to the canimcp probe on the wire, and what the probe answered: first-hand evidence that notes cite by SHA-256.',
    ...(links.length === 0 ? { details: 'No captures yet.' } : {}),
    sections: [{ heading: `All ${links.length}`, links }],
  });
};
