import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { contentLoader, problemsLoader } from './integrations/loader.ts';
import {
  CapabilityFrontmatter,
  ClientFrontmatter,
  FeatureFrontmatter,
  NoteFrontmatter,
  RevisionFrontmatter,
} from './schema/index.ts';

export const collections = {
  research: defineCollection({ loader: contentLoader('research'), schema: NoteFrontmatter }),
  clients: defineCollection({ loader: contentLoader('clients'), schema: ClientFrontmatter }),
  revisions: defineCollection({ loader: contentLoader('revisions'), schema: RevisionFrontmatter }),
  capabilities: defineCollection({ loader: contentLoader('capabilities'), schema: CapabilityFrontmatter }),
  features: defineCollection({ loader: contentLoader('features'), schema: FeatureFrontmatter }),
  // What `npm run check` would print (always empty in a build, which stops first), so a broken note shows its message on the page.
  problems: defineCollection({ loader: problemsLoader(), schema: z.object({ problems: z.array(z.string()) }) }),
};
