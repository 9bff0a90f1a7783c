import type * as z from 'zod';

/**
 * Author-facing words for zod's generic issues. zod applies a parse-time map only where the schema
 * gave no message of its own, so rules with their own words keep them and nothing matches English text.
 */
export const authorErrors: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'required field is missing';
      return `expected ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'a mapping of fields' : issue.expected}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}`;
    default:
      return undefined;
  }
};

/** Validates what an author wrote, with every issue in the author's words and the input kept for hints. */
export const parseAuthored = <T extends z.ZodType>(schema: T, value: unknown) =>
  schema.safeParse(value, { error: authorErrors, reportInput: true });
