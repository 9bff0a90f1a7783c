import * as z from 'zod';
import {
  CapabilityId,
  HttpUrl,
  IsoDate,
  OneLine,
  PastDate,
  RevisionId,
  Slug,
  idList,
  oneOf,
} from './fields.ts';

/** What a note is: a subtlety, a support fact, a missing feature, a defect, or a change over time. */
export const noteKinds = ['nuance', 'support', 'gap', 'bug', 'change'] as const;
/** Whether a note still holds. */
export const noteStatuses = ['current', 'superseded', 'retracted'] as const;

export type NoteKind = (typeof noteKinds)[number];
export type NoteStatus = (typeof noteStatuses)[number];

const sentenceCount = (text: string) =>
  text.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/).filter((part) => part.trim() !== '').length;

/** One piece of evidence. A claim about code names the commit and the path it was read at. */
export const Source = z.strictObject({
  /** Where the evidence lives. */
  url: HttpUrl,
  /** What the reader will find there, in a few words. */
  title: OneLine,
  /** The commit the claim was read at, 7 to 40 hex digits, kept as text. */
  commit: z
    .string({ error: 'expected 7 to 40 hex digits' })
    .regex(/^[0-9a-fA-F]{7,40}$/, 'expected 7 to 40 hex digits')
    .optional(),
  /** A file path within the repository, optionally with `:line` or `:from-to`. */
  path: OneLine.optional(),
  /** When the evidence was read or published. */
  date: IsoDate,
});

/** A list of note ids, each listed once. */
const noteIds = z.array(Slug, { error: 'expected a list of note ids' }).superRefine((values, ctx) => {
  values.forEach((value, index) => {
    if (values.indexOf(value) !== index) {
      ctx.addIssue({ code: 'custom', path: [index], message: `${JSON.stringify(value)} is listed twice` });
    }
  });
});

/** A research note's frontmatter, exactly as an author may write it. */
export const NoteFrontmatter = z
  .strictObject({
    /** Equal to the file name without `.md`. */
    id: Slug,
    /** The page heading and the search result title. */
    title: OneLine,
    /** One of the note kinds. */
    kind: oneOf(noteKinds),
    /** Plain text, one to three sentences, standing alone in lists, feeds and search results. */
    summary: OneLine.refine((value) => !/<[a-z!/]/i.test(value), {
      message: 'must be plain text, without HTML',
    }).refine((value) => sentenceCount(value) <= 3, {
      message: 'expected one to three sentences',
    }),
    /** Capability ids; each must name a file in capabilities/. */
    capabilities: idList(CapabilityId, 'capability'),
    /** Client ids; each must name a file in clients/. */
    clients: idList(Slug, 'client'),
    /** Revision ids; each must name a file in revisions/. */
    specVersions: idList(RevisionId, 'revision'),
    /** The evidence, at least one source. */
    sources: z
      .array(Source, {
        error: (issue) =>
          issue.input === undefined ? 'required field is missing; expected a list of sources' : 'expected a list of sources',
      })
      .min(1, 'expected at least one source'),
    /** Whether the note still holds. */
    status: oneOf(noteStatuses),
    /** The note that replaces this one; required when status is superseded. */
    supersededBy: Slug.optional(),
    /** When someone last checked the claim against its sources. */
    lastVerified: PastDate,
    /** Other notes that bear on this one; shown on both notes. */
    related: noteIds.optional(),
    /** Earlier notes that this one corrects in part; they stay as written and link back here. */
    corrects: noteIds.optional(),
    /** Derived as `<site>/research/<id>`; where written, it must equal that. */
    canonical: HttpUrl.optional(),
    /** Derived from git; where written, it wins. */
    'last-updated': IsoDate.optional(),
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
