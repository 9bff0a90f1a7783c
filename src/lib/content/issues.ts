import type * as z from 'zod';

/** `sources[0].url`: a field path as authors write it. */
export const issuePath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>(
    (out, segment) =>
      typeof segment === 'number' ? `${out}[${segment}]` : out === '' ? String(segment) : `${out}.${String(segment)}`,
    '',
  );

interface Introspectable {
  shape?: Record<string, unknown>;
  element?: unknown;
  def?: { innerType?: unknown };
  options?: unknown[];
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
  // A union of objects (a source is a web or a capture source): the fields of each, in order.
  if (node?.options !== undefined) {
    const fields = node.options.flatMap((option) => Object.keys((option as Introspectable).shape ?? {}));
    return [...new Set(fields)];
  }
  return Object.keys(node?.shape ?? {});
};

/**
 * A union's issue as the issues of the alternative the input came closest to (the one with the
 * fewest), so a web source missing its date says `sources[0].date: required field is missing`
 * rather than that it is no kind of source. Where two alternatives come equally close, the union's
 * own message stands.
 */
export const expandUnions = (issues: readonly z.core.$ZodIssue[]): z.core.$ZodIssue[] =>
  issues.flatMap((issue) => {
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [issue];
    const sizes = issue.errors.map((branch) => branch.length);
    const fewest = Math.min(...sizes);
    const closest = issue.errors[sizes.indexOf(fewest)];
    if (fewest === 0 || closest === undefined || sizes.filter((size) => size === fewest).length > 1) return [issue];
    return expandUnions(closest.map((inner) => ({ ...inner, path: [...issue.path, ...inner.path] })));
  });
