import * as z from 'zod';
import { OneLine } from './fields.ts';

/** A protocol capability's frontmatter. */
export const CapabilityFrontmatter = z.strictObject({
  /** Display name, e.g. "Protocol versions". */
  title: OneLine,
  /** What the capability covers, in one sentence. */
  description: OneLine,
});

export type Capability = z.output<typeof CapabilityFrontmatter>;
