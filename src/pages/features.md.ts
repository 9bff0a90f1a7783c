import type { APIRoute } from 'astro';
import { featureData } from '../data/features.ts';
import { featureListMarkdown } from '../lib/outputs/feature-twin.ts';
import { markdownResponse } from '../lib/outputs/responses.ts';

export const GET: APIRoute = async () => {
  const { groups, site, knownCount } = await featureData();
  const sections = groups.map(
    (group) =>
      `## ${site.capabilityById.get(group.capability)?.data.title ?? group.capability}\n\n${featureListMarkdown(group.features, knownCount)}`,
  );
  return markdownResponse(
    `# Features\n\nFine-grained MCP client features, each a question a server author asks, grouped by capability; each twin has a row per client.\n\n${sections.join('\n\n')}\n`,
  );
};
