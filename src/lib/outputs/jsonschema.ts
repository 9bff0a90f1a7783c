import * as z from 'zod';
import { CapabilityFrontmatter, ClientFrontmatter, NoteFrontmatter, RevisionFrontmatter } from '../../schema/index.ts';
import { DriftReport } from '../../schema/drift.ts';
import { ClientsExport, MatrixExport, NotesExport } from '../../schema/export.ts';
import { absoluteUrl, routes, schemaUrl } from '../routes/urls.ts';

/**
 * JSON Schemas generated from the zod schemas, never written by hand. Frontmatter schemas describe
 * what an author writes (the input side), for editors' YAML support.
 */
export const jsonSchemas = (origin: string) => {
  const make = (schema: z.ZodType, name: string, title: string) => ({
    $id: absoluteUrl(origin, schemaUrl(name)),
    title,
    ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
  });
  return {
    note: make(NoteFrontmatter, 'note', 'canimcp research note frontmatter'),
    client: make(ClientFrontmatter, 'client', 'canimcp client frontmatter'),
    revision: make(RevisionFrontmatter, 'revision', 'canimcp revision frontmatter'),
    capability: make(CapabilityFrontmatter, 'capability', 'canimcp capability frontmatter'),
    'notes-export': make(NotesExport, 'notes-export', `canimcp ${routes.notesJson.path}`),
    'matrix-export': make(MatrixExport, 'matrix-export', `canimcp ${routes.matrixJson.path}`),
    'clients-export': make(ClientsExport, 'clients-export', `canimcp ${routes.clientsJson.path}`),
    'drift-report': make(DriftReport, 'drift-report', 'canimcp content/drift.json (npm run drift -- --write)'),
  };
};
