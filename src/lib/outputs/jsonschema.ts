import * as z from 'zod';
import { CapabilityFrontmatter, ClientFrontmatter, NoteFrontmatter, RevisionFrontmatter } from '../../schema/index.ts';
import { DriftReport } from '../../schema/drift.ts';
import { ClientsExport, MatrixExport, NotesExport } from '../../schema/export.ts';

/**
 * JSON Schemas generated from the zod schemas, never written by hand. Frontmatter schemas describe
 * what an author writes (the input side), for editors' YAML support.
 */
export const jsonSchemas = (origin: string) => {
  const make = (schema: z.ZodType, name: string, title: string) => ({
    $id: `${origin}/schema/${name}.json`,
    title,
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
  });
  return {
    note: make(NoteFrontmatter, 'note', 'canimcp research note frontmatter'),
    client: make(ClientFrontmatter, 'client', 'canimcp client frontmatter'),
    revision: make(RevisionFrontmatter, 'revision', 'canimcp revision frontmatter'),
    capability: make(CapabilityFrontmatter, 'capability', 'canimcp capability frontmatter'),
    'notes-export': make(NotesExport, 'notes-export', 'canimcp /data/notes.json'),
    'matrix-export': make(MatrixExport, 'matrix-export', 'canimcp /data/matrix.json'),
    'clients-export': make(ClientsExport, 'clients-export', 'canimcp /data/clients.json'),
    'drift-report': make(DriftReport, 'drift-report', 'canimcp content/drift.json (npm run drift -- --write)'),
  };
};
