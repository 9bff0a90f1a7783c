import * as z from 'zod';
import { IsoDate, oneOf } from './fields.ts';

/** Where a revision stands in the specification's life cycle. */
export const revisionStatuses = ['final', 'current', 'draft'] as const;
/** Handshake era (`initialize`, up to 2025-11-25) or modern era (stateless, 2026-07-28 on). */
export const revisionEras = ['handshake', 'modern'] as const;

/** An MCP specification revision's frontmatter; the body summarises what changed. */
export const RevisionFrontmatter = z.strictObject({
  /** The date the revision was released. */
  released: IsoDate,
  /** final, current or draft. */
  status: oneOf(revisionStatuses),
  /** handshake or modern. */
  era: oneOf(revisionEras),
});

export type Revision = z.output<typeof RevisionFrontmatter>;
