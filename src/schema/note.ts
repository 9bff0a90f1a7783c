import * as z from 'zod';
import {
  CapabilityId,
  CommitId,
  HttpUrl,
  IsoDate,
  OneLine,
  PastDate,
  PlainSentences,
  RevisionId,
  Slug,
  idList,
  oneOf,
  uniqueIds,
} from './fields.ts';

/** What a note is: a subtlety, a support fact, a missing feature, a defect, or a change over time. */
export const noteKinds = ['nuance', 'support', 'gap', 'bug', 'change'] as const;
/** Whether a note still holds. */
export const noteStatuses = ['current', 'superseded', 'retracted'] as const;

export type NoteKind = (typeof noteKinds)[number];
export type NoteStatus = (typeof noteStatuses)[number];

/** One piece of evidence. A claim about code names the commit and the path it was read at. */
export const Source = z.strictObject({
  url: HttpUrl.meta({ title: 'URL', description: 'Where the evidence lives; for code, the repository URL.' }),
  title: OneLine.meta({ title: 'Title', description: 'What the reader finds there, e.g. the file and function.' }),
  commit: CommitId.optional().meta({
    title: 'Commit',
    description: 'The commit the claim was read at, 7 to 40 hex digits; leave it out for a source that is not code.',
  }),
  path: OneLine.optional().meta({
    title: 'Path',
    description: 'The file in the repository, with :line or :from-to; leave it out for a source that is not code.',
  }),
  date: IsoDate.meta({
    title: 'Date',
    description:
      "The commit's date for code, the publication date for a page, issue or pull request; the day it was read only where neither is known, and then the body says so.",
  }),
});

/** A research note's frontmatter, exactly as an author may write it. */
export const NoteFrontmatter = z
  .strictObject({
    id: Slug.meta({ title: 'Id', description: 'Equal to the file name without .md, a lowercase slug.' }),
    title: OneLine.meta({ title: 'Title', description: 'The claim, in one line: the page heading and the search result title.' }),
    kind: oneOf(noteKinds).meta({
      title: 'Kind',
      description: 'nuance (a subtlety), support (a support fact), gap (a missing feature), bug (a defect) or change (a change over time).',
    }),
    summary: PlainSentences(3, 'expected one to three sentences').meta({
        title: 'Summary',
        description: 'One to three plain sentences that stand alone in lists, feeds and search results.',
      }),
    capabilities: idList(CapabilityId, 'capability').meta({
      title: 'Capabilities',
      description: 'The protocol capabilities the note is about: ids of files in capabilities/.',
    }),
    clients: idList(Slug, 'client').meta({
      title: 'Clients',
      description: 'Every client the body discusses: ids of files in clients/.',
    }),
    specVersions: idList(RevisionId, 'revision').meta({
      title: 'Revisions',
      description: 'Every specification revision the body discusses: ids of files in revisions/.',
    }),
    sources: z
      .array(Source, {
        error: (issue) =>
          issue.input === undefined ? 'required field is missing; expected a list of sources' : 'expected a list of sources',
      })
      .min(1, 'expected at least one source')
      .meta({ title: 'Sources', description: 'The evidence: at least one source.' }),
    status: oneOf(noteStatuses).meta({
      title: 'Status',
      description: 'current, superseded (then supersededBy names the replacement) or retracted.',
    }),
    supersededBy: Slug.optional().meta({
      title: 'Superseded by',
      description: 'The note that replaces this one; required when status is superseded.',
    }),
    lastVerified: PastDate.meta({
      title: 'Last verified',
      description: 'The day someone last checked the claim against its sources, not after today.',
    }),
    related: uniqueIds(Slug, 'note').optional().meta({
      title: 'Related notes',
      description: 'Other notes that bear on this one; each is linked from the other.',
    }),
    corrects: uniqueIds(Slug, 'note').optional().meta({
      title: 'Corrects',
      description: 'Earlier notes that this one corrects in part; they stay as written, and their pages link here.',
    }),
    canonical: HttpUrl.optional().meta({
      title: 'Canonical URL',
      description: 'Derived as <site>/research/<id>; where written, it must equal that.',
    }),
    'last-updated': IsoDate.optional().meta({
      title: 'Last updated',
      description: 'Derived from the last commit that touched the file; where written, it wins.',
    }),
  })
  .superRefine(
    (note, ctx) => {
      if (note.status === 'superseded' && note.supersededBy === undefined) {
        ctx.addIssue({
          code: 'custom',
          path: ['supersededBy'],
          message: 'required when status is superseded: name the note that replaces this one',
        });
      }
      if (note.supersededBy !== undefined && note.status !== 'superseded') {
        ctx.addIssue({
          code: 'custom',
          path: ['supersededBy'],
          message: `only allowed when status is superseded (status is ${JSON.stringify(note.status)})`,
        });
      }
    },
    // Run even when other fields fail, so one check reports every problem at once.
    { when: () => true },
  );

export type Note = z.output<typeof NoteFrontmatter>;
export type Source = z.output<typeof Source>;
