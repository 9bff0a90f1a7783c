import type * as z from 'zod';
import { CapabilityFrontmatter } from './capability.ts';
import { ClientFrontmatter } from './client.ts';
import { FeatureFrontmatter } from './feature.ts';
import { CapabilityId, FeatureId, RevisionId, Slug } from './fields.ts';
import { NoteFrontmatter } from './note.ts';
import { RevisionFrontmatter } from './revision.ts';

/** The content folders; each name is also the collection name and the URL prefix. */
export const collections = ['research', 'clients', 'revisions', 'capabilities', 'features'] as const;
export type CollectionName = (typeof collections)[number];

/** Per collection: the frontmatter schema, the id rule, and what one entry is called in messages. */
export const collectionSchemas = {
  research: { frontmatter: NoteFrontmatter, id: Slug, noun: 'note' },
  clients: { frontmatter: ClientFrontmatter, id: Slug, noun: 'client' },
  revisions: { frontmatter: RevisionFrontmatter, id: RevisionId, noun: 'revision' },
  capabilities: { frontmatter: CapabilityFrontmatter, id: CapabilityId, noun: 'capability' },
  features: { frontmatter: FeatureFrontmatter, id: FeatureId, noun: 'feature' },
} as const satisfies Record<CollectionName, { frontmatter: z.ZodType; id: z.ZodType<string>; noun: string }>;

export { CapabilityFrontmatter, ClientFrontmatter, FeatureFrontmatter, NoteFrontmatter, RevisionFrontmatter };
export type { Feature, FeatureObservation, PinnedSource } from './feature.ts';
export { featureObservations } from './feature.ts';
export type { Capability } from './capability.ts';
export type { Client } from './client.ts';
export type { CaptureSource, Note, NoteKind, NoteStatus, Source, WebSource } from './note.ts';
export type { Revision } from './revision.ts';
export type { CellState, FactState, Verdict, VerdictState } from './verdict.ts';
export { cellStates, factStates, verdictAxes, verdictStates } from './verdict.ts';
export type { VerdictAxis } from './verdict.ts';
export { isCaptureSource, noteKinds, noteStatuses } from './note.ts';
export { revisionEras, revisionStatuses } from './revision.ts';
