import * as z from 'zod';
import { OneLine } from './fields.ts';

/** A protocol capability's frontmatter. */
export const CapabilityFrontmatter = z.strictObject({
  title: OneLine.meta({ title: 'Title', description: 'The display name, e.g. Protocol versions.' }),
  description: OneLine.meta({ title: 'Description', description: 'What the capability covers, in one sentence.' }),
});

export type Capability = z.output<typeof CapabilityFrontmatter>;
