import * as z from 'zod';

/**
 * Field types shared by every entry type. Frontmatter is read with every YAML scalar as text, so
 * each type here starts from a string: `2025-11-25` and `commit: 0012345` arrive exactly as written.
 */

/** Text, with a message naming what was expected instead. */
export const text = (what: string) =>
  z.string({
    error: (issue) => (issue.input === undefined ? 'required field is missing' : `expected ${what}`),
  });

/** A lowercase slug such as `hermes-agent`: note and client ids. */
export const Slug = text('a lowercase slug').regex(
  /^[a-z0-9]+(-[a-z0-9]+)*$/,
  'expected a lowercase slug of letters, digits and single hyphens, like "x-does-y"',
);

/** A revision id is the revision's date, `YYYY-MM-DD`. */
export const RevisionId = text('a revision id').regex(
  /^\d{4}-\d{2}-\d{2}$/,
  'expected a revision id in the form YYYY-MM-DD',
);

/** Capability ids follow the protocol's own names, so camelCase is allowed (`protocolVersions`). */
export const CapabilityId = text('a capability id').regex(
  /^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$/,
  'expected a capability id of letters and digits, like "protocolVersions"',
);

/** One segment of a feature id: letters and digits, joined by single hyphens or underscores. */
const featureSegment = '[a-zA-Z0-9]+(?:[-_][a-zA-Z0-9]+)*';

/**
 * A feature id is dotted (`tools.result.structuredContent`): each segment in the protocol's own
 * spelling where it has one, so camelCase and `resource_link` are allowed.
 */
export const FeatureId = text('a feature id').regex(
  new RegExp(`^${featureSegment}(?:\\.${featureSegment})*$`),
  'expected a dotted feature id, each segment letters and digits joined by single - or _, like "tools.result.structuredContent"',
);

const isRealDate = (value: string) => {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/** A calendar date, `YYYY-MM-DD`, kept as text. */
export const IsoDate = text('a date')
  .meta({ format: 'date' })
  .superRefine((value, ctx) => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a date in the form YYYY-MM-DD, got ${JSON.stringify(value)}` });
    } else if (!isRealDate(value)) {
      ctx.addIssue({ code: 'custom', message: `expected a real calendar date, got ${JSON.stringify(value)}` });
    }
  });

/**
 * A date that has already happened: verification cannot be in the future. The schema cannot know
 * the build date (it is a parameter of the checks, not a global), so the rule that it is not after
 * that date is `pastDateProblems` (src/lib/content/file-rules.ts), for the fields it lists.
 */
export const PastDate = IsoDate;

/** An absolute http or https URL. */
export const HttpUrl = text('a URL').refine(
  (value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: 'expected an absolute http or https URL' },
);

/** One line of text, not empty. */
export const OneLine = text('text')
  .trim()
  .min(1, 'must not be empty')
  .refine((value) => !/[\r\n]/.test(value), { message: 'must be a single line' });

/** A value from a fixed list, with an error that names the list and what was written. */
export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined
        ? `required field is missing; expected one of ${values.join(', ')}`
        : `expected one of ${values.join(', ')}, got ${JSON.stringify(issue.input)}`,
  });

/** A commit as sources pin it: 7 to 40 hex digits, kept as text. */
export const commitPattern = /^[0-9a-fA-F]{7,40}$/;

/** A commit id, with the message check prints for anything else. */
export const CommitId = z.string({ error: 'expected 7 to 40 hex digits' }).regex(commitPattern, 'expected 7 to 40 hex digits');

/** Reports the second and later place of each repeated value, so a list names each id once. */
const noRepeats = (values: readonly string[], ctx: z.RefinementCtx) => {
  values.forEach((value, index) => {
    if (values.indexOf(value) !== index) {
      ctx.addIssue({ code: 'custom', path: [index], message: `${JSON.stringify(value)} is listed twice` });
    }
  });
};

/** A list of ids, each at most once; `what` names an entry in messages ("note ids"). */
export const uniqueIds = <T extends z.ZodType<string>>(item: T, what: string) =>
  z.array(item, { error: `expected a list of ${what} ids` }).superRefine(noRepeats);

/** A list of one or more ids, each at most once; `why` ends the "missing" and "empty" messages. */
export const idList = <T extends z.ZodType<string>>(item: T, what: string, why = '') =>
  z
    .array(item, {
      error: (issue) =>
        issue.input === undefined
          ? `required field is missing; expected a list of ${what} ids${why}`
          : `expected a list of ${what} ids`,
    })
    .min(1, `expected at least one ${what} id${why}`)
    .superRefine(noRepeats);

/** How many sentences a plain-text value holds, for the sentence-count rules. */
const sentenceCount = (text: string) =>
  text.split(/(?<=[.!?])\s+(?=[A-Z0-9`"'(])/).filter((part) => part.trim() !== '').length;

/** One line of plain text (no HTML) of at most `sentences` sentences: summaries and caveats. */
export const PlainSentences = (sentences: number, tooMany: string) =>
  OneLine.refine((value) => !/<[a-z!/]/i.test(value), { message: 'must be plain text, without HTML' }).refine(
    (value) => sentenceCount(value) <= sentences,
    { message: tooMany },
  );
