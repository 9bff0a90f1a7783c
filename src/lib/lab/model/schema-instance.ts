/**
 * A small value that a JSON Schema accepts, for side requests that ask the model for JSON under a
 * schema (a router's choice, a title object): the run must not stall on an answer the client
 * cannot parse. Covers what such schemas use (types, enums, const, required properties, arrays with
 * minItems, anyOf/oneOf/allOf, local $ref, bounds); Gemini's upper-case type names too.
 */
import { isRecord } from '../../mcp/json.ts';

const maxDepth = 16;

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** The type a schema names: its first non-null type, lower-cased (`STRING` in Gemini's schemas). */
const typeOf = (schema: Record<string, unknown>): string | undefined => {
  const type = schema['type'];
  const types = (Array.isArray(type) ? type : [type]).filter((item): item is string => typeof item === 'string');
  const named = types.map((item) => item.toLowerCase()).find((item) => item !== 'null') ?? types[0]?.toLowerCase();
  if (named !== undefined) return named;
  if (isRecord(schema['properties'])) return 'object';
  if (schema['items'] !== undefined) return 'array';
  return undefined;
};

/** The schema a local `$ref` (`#/$defs/x`, `#/definitions/x`) points at, from the root. */
const resolveRef = (ref: string, root: unknown): unknown => {
  if (!ref.startsWith('#')) return {};
  let node: unknown = root;
  for (const part of ref.slice(1).split('/').filter(Boolean)) {
    const key = decodeURIComponent(part).replaceAll('~1', '/').replaceAll('~0', '~');
    node = isRecord(node) ? node[key] : undefined;
  }
  return node ?? {};
};

const stringFor = (schema: Record<string, unknown>): string => {
  const format = schema['format'];
  const base =
    format === 'date-time'
      ? '2026-01-01T00:00:00Z'
      : format === 'date'
        ? '2026-01-01'
        : format === 'uri'
          ? 'https://example.com/'
          : 'stand-in';
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : 0;
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : Infinity;
  return base.padEnd(min, 'x').slice(0, Math.max(min, Math.min(max, base.length)));
};

const numberFor = (schema: Record<string, unknown>, integer: boolean): number => {
  const min = typeof schema['minimum'] === 'number' ? schema['minimum'] : undefined;
  const exclusive = typeof schema['exclusiveMinimum'] === 'number' ? schema['exclusiveMinimum'] : undefined;
  const max = typeof schema['maximum'] === 'number' ? schema['maximum'] : undefined;
  let value = min ?? (exclusive === undefined ? 0 : exclusive + (integer ? 1 : 0.5));
  if (max !== undefined && value > max) value = max;
  return integer ? Math.ceil(value) : value;
};

const build = (schema: unknown, root: unknown, depth: number): unknown => {
  if (!isRecord(schema) || depth > maxDepth) return null;
  if (typeof schema['$ref'] === 'string') return build(resolveRef(schema['$ref'], root), root, depth + 1);
  if ('const' in schema) return schema['const'];
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0];
  for (const key of ['anyOf', 'oneOf']) {
    const options = listOf(schema[key]);
    if (options.length > 0) {
      const usable = options.find((option) => !(isRecord(option) && option['type'] === 'null')) ?? options[0];
      return build({ ...schema, [key]: undefined, ...(isRecord(usable) ? usable : {}) }, root, depth + 1);
    }
  }
  if (Array.isArray(schema['allOf'])) {
    const merged: Record<string, unknown> = { ...schema, allOf: undefined };
    for (const part of schema['allOf']) {
      if (!isRecord(part)) continue;
      const resolved = typeof part['$ref'] === 'string' ? resolveRef(part['$ref'], root) : part;
      if (!isRecord(resolved)) continue;
      Object.assign(merged, resolved, {
        properties: {
          ...(isRecord(merged['properties']) ? merged['properties'] : {}),
          ...(isRecord(resolved['properties']) ? resolved['properties'] : {}),
        },
        required: [...listOf(merged['required']), ...listOf(resolved['required'])],
      });
    }
    return build(merged, root, depth + 1);
  }
  if ('default' in schema) return schema['default'];
  switch (typeOf(schema)) {
    case 'object': {
      const properties = isRecord(schema['properties']) ? schema['properties'] : {};
      const required = Array.isArray(schema['required']) ? schema['required'].filter((key) => typeof key === 'string') : [];
      // Every property where none is required: a router's answer without its fields is useless to it.
      const keys = required.length > 0 ? required : Object.keys(properties);
      return Object.fromEntries(keys.map((key) => [key, build(properties[key] ?? {}, root, depth + 1)]));
    }
    case 'array': {
      const count = typeof schema['minItems'] === 'number' ? schema['minItems'] : 0;
      return Array.from({ length: count }, () => build(schema['items'] ?? {}, root, depth + 1));
    }
    case 'string':
      return stringFor(schema);
    case 'integer':
      return numberFor(schema, true);
    case 'number':
      return numberFor(schema, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'stand-in';
  }
};

/** A value the schema accepts (for the schemas side requests use); `{}` for a request that asks for any JSON. */
export const schemaInstance = (schema: unknown): unknown => {
  if (!isRecord(schema) || Object.keys(schema).length === 0) return {};
  return build(schema, schema, 0);
};
