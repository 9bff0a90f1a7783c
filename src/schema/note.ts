import * as z from 'zod';
import {
  CapabilityId,
  CommitId,
  FeatureId,
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

/** Evidence on the web. A claim about code names the commit and the path it was read at. */
export const WebSource = z.strictObject({
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

/** 64 hex digits: a SHA-256 as `sha256sum` prints it. */
const Sha256 = z
  .string({ error: (issue) => (issue.input === undefined ? 'required field is missing' : 'expected 64 hex digits') })
  .regex(/^[0-9a-fA-F]{64}$/, 'expected 64 hex digits, the SHA-256 of the capture file');

/** Evidence recorded on the wire: a capture in captures/, pinned by the SHA-256 of its bytes. */
export const CaptureSource = z.strictObject({
  capture: Slug.meta({ title: 'Capture', description: 'The id of a file in captures/: the wire capture this note rests on.' }),
  sha256: Sha256.meta({
    title: 'SHA-256',
    description: "The SHA-256 of the capture file's bytes, 64 hex digits; check recomputes it, so the evidence cannot change under the note.",
  }),
  title: OneLine.meta({ title: 'Title', description: 'What the capture shows, e.g. the client, version and persona.' }),
  date: IsoDate.meta({ title: 'Date', description: 'The day the capture was recorded.' }),
});

/** One piece of evidence: a web source (`url`) or a capture source (`capture`). */
export const Source = z.union([WebSource, CaptureSource], {
  error: (issue) =>
    issue.code === 'invalid_union' && typeof issue.input === 'object' && issue.input !== null
      ? 'expected a web source (url, title, date) or a capture source (capture, sha256, title, date), not a mix of both'
      : 'expected a source: a mapping with url, title and date, or with capture, sha256, title and date',
});

/** Whether a source is a capture source. */
export const isCaptureSource = (source: Source): source is CaptureSource => 'capture' in source;

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
    features: uniqueIds(FeatureId, 'feature').optional().meta({
      title: 'Features',
      description: "The features the note is evidence for: ids of files in features/, each with its capability among the note's capabilities.",
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
export type WebSource = z.output<typeof WebSource>;
export type CaptureSource = z.output<typeof CaptureSource>;
