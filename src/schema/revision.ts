import * as z from 'zod';
import { IsoDate, oneOf } from './fields.ts';

/** Where a revision stands in the specification's life cycle. */
export const revisionStatuses = ['final', 'current', 'draft'] as const;
/** Handshake era (`initialize`, up to 2025-11-25) or modern era (stateless, 2026-07-28 on). */
export const revisionEras = ['handshake', 'modern'] as const;

/** An MCP specification revision's frontmatter; the body summarises what changed. */
export const RevisionFrontmatter = z.strictObject({
  released: IsoDate.meta({ title: 'Released', description: 'The day the revision was published, YYYY-MM-DD (usually its id).' }),
  status: oneOf(revisionStatuses).meta({
    title: 'Status',
    description: "Where the revision stands in the specification's life cycle: final, current or draft.",
  }),
  era: oneOf(revisionEras).meta({
    title: 'Era',
    description: 'handshake (initialize, up to 2025-11-25) or modern (stateless, from 2026-07-28).',
  }),
});

export type Revision = z.output<typeof RevisionFrontmatter>;
