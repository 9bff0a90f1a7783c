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
