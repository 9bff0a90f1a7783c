import * as z from 'zod';
import { CapabilityId, FeatureId, OneLine, PlainSentences, RevisionId, Slug, commitPattern, oneOf, text } from './fields.ts';
import { WebSource } from './note.ts';

/** How a lab sees a feature first-hand: in the handshake, by asking the client, through the stand-in model, through the authorization lab, in a UI, or only in code. */
export const featureObservations = ['handshake', 'server-request', 'model', 'auth', 'ui', 'code'] as const;
export type FeatureObservation = (typeof featureObservations)[number];

/** Where a feature comes from besides a revision: an extension, or client behaviour no revision defines. */
export const featureOrigins = ['extension', 'none'] as const;

/** A spec reference is pinned: the commit and the file (with lines) it was read at are required. */
export const PinnedSource = WebSource.extend({
  commit: text('7 to 40 hex digits').regex(commitPattern, 'expected 7 to 40 hex digits').meta({ title: 'Commit', description: 'The commit the reference was read at, 7 to 40 hex digits.' }),
  path: OneLine.meta({ title: 'Path', description: 'The file in the repository, with :line or :from-to.' }),
});

/** A fine-grained client feature's frontmatter: one yes/no question a server author asks. */
export const FeatureFrontmatter = z.strictObject({
  title: OneLine.meta({ title: 'Title', description: 'A short name, e.g. structuredContent reaches the model.' }),
  description: PlainSentences(1, 'expected one sentence: the question that yes answers').meta({
    title: 'Description',
    description: 'One sentence saying what yes means, as the question a server author asks.',
  }),
  capability: CapabilityId.meta({
    title: 'Capability',
    description: 'The parent capability: an id of a file in capabilities/.',
  }),
  parent: FeatureId.optional().meta({ title: 'Parent', description: "Another feature's id, where this one refines it." }),
  introduced: text('a revision id, extension or none')
    .regex(/^(\d{4}-\d{2}-\d{2}|extension|none)$/, 'expected a revision id (YYYY-MM-DD), extension or none')
    .meta({
      title: 'Introduced',
      description: 'The revision that introduced it, extension, or none for client behaviour the spec does not define.',
    }),
  deprecated: RevisionId.optional().meta({ title: 'Deprecated', description: 'The revision that deprecated it.' }),
  removed: RevisionId.optional().meta({ title: 'Removed', description: 'The revision that removed it.' }),
  spec: z
    .array(PinnedSource, {
      error: (issue) =>
        issue.input === undefined
          ? 'required field is missing; expected a list of pinned spec references'
          : 'expected a list of pinned spec references (url, title, commit, path, date)',
    })
    .min(1, 'expected at least one spec reference')
    .meta({ title: 'Spec', description: 'Where the specification (or the nearest text of it) says so, pinned to a commit.' }),
  observe: oneOf(featureObservations).meta({
    title: 'Observe',
    description:
      'How a lab sees it first-hand: handshake, server-request, model (needs the stand-in model), auth (needs the authorization lab), ui or code.',
  }),
  scenario: Slug.optional().meta({ title: 'Scenario', description: 'The lab scenario whose captures decide it.' }),
});

export type Feature = z.output<typeof FeatureFrontmatter>;
export type PinnedSource = z.output<typeof PinnedSource>;
