import { describe, expect, test } from 'vitest';
import * as z from 'zod';
import { declarations } from './json-schema-to-ts.ts';

const schemaOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' });

describe('declarations', () => {
  test('objects, optional fields, enums, literals, unions, arrays, records and nullables', () => {
    const Cell = z.strictObject({
      /** The feature. */
      feature: z.string().describe('The feature id.'),
      state: z.enum(['yes', 'no']),
      count: z.number().int().optional(),
      kind: z.literal('x'),
      runs: z.array(z.strictObject({ from: z.string() })),
      info: z.record(z.string(), z.unknown()).nullable(),
      either: z.union([z.string(), z.boolean()]),
      none: z.array(z.never()).max(0),
    });
    expect(declarations({ Cell: schemaOf(Cell) })).toBe(`export type Cell = {
  /** The feature id. */
  feature: string;
  state: "yes" | "no";
  count?: number;
  kind: "x";
  runs: {
    from: string;
  }[];
  info: {
    [key: string]: unknown;
  } | null;
  either: string | boolean;
  none: [];
};
`);
  });
  test('$defs become types of their own', () => {
    const Node: z.ZodType = z.lazy(() => z.strictObject({ next: Node.optional() }));
    const text = declarations({ List: schemaOf(z.strictObject({ head: Node })) });
    expect(text).toMatch(/export type List_\w+ = \{\n {2}next\?: List_\w+;\n\};/);
    expect(text).toMatch(/export type List = \{\n {2}head: List_\w+;\n\};/);
  });
});
