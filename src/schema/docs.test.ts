import { describe, expect, test } from 'vitest';
import { jsonSchemas } from '../lib/outputs/jsonschema.ts';

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  title?: string;
  description?: string;
}

/** Every property below `schema`, as `a.b[].c`, with its schema. */
const properties = (schema: JsonSchema, prefix = ''): [string, JsonSchema][] =>
  Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const nested = property.items ?? property;
    return [[path, property] as [string, JsonSchema], ...properties(nested, `${path}${property.items ? '[]' : ''}.`)];
  });

const frontmatter = jsonSchemas('https://canimcp.io');

describe.each(['note', 'client', 'revision', 'capability'] as const)('the %s JSON Schema', (name) => {
  const fields = properties(frontmatter[name] as JsonSchema);

  test('has fields', () => {
    expect(fields.length).toBeGreaterThan(1);
  });

  test.each(fields)('%s has a label and a description for editors', (_path, property) => {
    expect(property.title?.trim()).toBeTruthy();
    expect(property.description?.trim()).toMatch(/\.$|…$/);
  });
});
