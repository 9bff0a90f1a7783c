import * as z from 'zod';

/** What a field means, declared once with `.meta()` beside its rule: a label and a sentence. */
export interface FieldDoc {
  title: string;
  description: string;
}

/**
 * A field's label and description, as the JSON Schemas, `npm run new`'s questions and the
 * scaffold's TODO hints all show them. Every frontmatter field declares both.
 */
export const fieldDoc = (schema: z.ZodType): FieldDoc => {
  const meta = z.globalRegistry.get(schema);
  if (typeof meta?.title !== 'string' || typeof meta.description !== 'string') {
    throw new Error('a frontmatter field without .meta({ title, description })');
  }
  return { title: meta.title, description: meta.description };
};
