import type * as z from 'zod';

/** `sources[0].url`: a field path as authors write it. */
export const issuePath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (out, segment) =>
      typeof segment === 'number' ? `${out}[${segment}]` : out === '' ? String(segment) : `${out}.${String(segment)}`,
    '',
  );

/**
 * An author-facing message for a zod issue. Rules with their own words carry them in the schema;
 * this covers the generic issue kinds.
 */
export const issueMessage = (issue: z.core.$ZodIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message.startsWith('Invalid input')) {
        return issue.input === undefined
          ? 'required field is missing'
          : `expected ${issue.expected === 'array' ? 'a list' : issue.expected === 'object' ? 'a mapping of fields' : issue.expected}`;
      }
      return issue.message;
    case 'too_small':
      return issue.message.startsWith('Too small') ? `expected at least ${String(issue.minimum)}` : issue.message;
    default:
      return issue.message;
  }
};

interface Introspectable {
  shape?: Record<string, unknown>;
  element?: unknown;
  def?: { innerType?: unknown };
}

/** The field names an object schema allows at `path`, for "unknown field" messages. */
export const fieldsAt = (schema: unknown, path: readonly PropertyKey[]): string[] => {
  let node = schema as Introspectable | undefined;
  const unwrap = () => {
    while (node?.def?.innerType !== undefined) node = node.def.innerType as Introspectable;
  };
  for (const segment of path) {
    unwrap();
    node = (typeof segment === 'number' ? node?.element : node?.shape?.[String(segment)]) as Introspectable | undefined;
  }
  unwrap();
  return Object.keys(node?.shape ?? {});
};
