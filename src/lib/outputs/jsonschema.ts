import * as z from 'zod';
import {
  CapabilityFrontmatter,
  ClientFrontmatter,
  FeatureFrontmatter,
  NoteFrontmatter,
  RevisionFrontmatter,
} from '../../schema/index.ts';
import { CaptureHeader } from '../../schema/capture.ts';
import { DriftReport } from '../../schema/drift.ts';
import { ClientsExport, FeaturesExport, HistoryExport, MatrixExport, NotesExport } from '../../schema/export.ts';
import { outputs, type Output, type OutputName } from '../routes/outputs.ts';
import type { dataExports } from '../routes/urls.ts';
import { absoluteUrl, schemaUrl } from '../routes/urls.ts';

/** The name of every JSON Schema the table of outputs names (outputs.ts, `schema`). */
type TableSchema = {
  [K in OutputName]: (typeof outputs)[K] extends { schema: infer S extends string } ? S : never;
}[OutputName];

/** The zod schema of each JSON export, by its schema's name in `dataExports`: what the JSON Schema is made from. */
export const exportSchemas: Record<(typeof dataExports)[number]['schema'], z.ZodType> = {
  'notes-export': NotesExport,
  'matrix-export': MatrixExport,
  'clients-export': ClientsExport,
  'history-export': HistoryExport,
  'features-export': FeaturesExport,
};

/**
 * The zod schema behind every JSON Schema the site serves: each one the table names (an export's, a
 * twin's frontmatter, a capture file's header), and the drift report's, which is content, not an
 * output. A title where the schema's output does not name it (an export is titled by its file).
 */
const sources: Record<TableSchema | 'drift-report', { schema: z.ZodType; title?: string }> = {
  note: { schema: NoteFrontmatter, title: 'canimcp research note frontmatter' },
  client: { schema: ClientFrontmatter, title: 'canimcp client frontmatter' },
  revision: { schema: RevisionFrontmatter, title: 'canimcp revision frontmatter' },
  capability: { schema: CapabilityFrontmatter, title: 'canimcp capability frontmatter' },
  feature: { schema: FeatureFrontmatter, title: 'canimcp feature frontmatter' },
  capture: { schema: CaptureHeader, title: 'canimcp capture header (the first line of /captures/<id>.jsonl)' },
  ...(Object.fromEntries(Object.entries(exportSchemas).map(([name, schema]) => [name, { schema }])) as Record<
    keyof typeof exportSchemas,
    { schema: z.ZodType }
  >),
  'drift-report': { schema: DriftReport, title: 'canimcp content/drift.json (npm run drift -- --write)' },
};

/** The name of a JSON Schema the site serves. */
export type SchemaName = keyof typeof sources;

/**
 * JSON Schemas generated from the zod schemas, never written by hand, one per name the table of
 * outputs gives and the drift report. Frontmatter schemas describe what an author writes (the input
 * side), for editors' YAML support.
 */
export const jsonSchemas = (
  origin: string,
): Record<SchemaName, z.core.JSONSchema.JSONSchema & { $id: string; title: string }> => {
  const titleOf = (name: SchemaName) =>
    sources[name].title ??
    `canimcp ${(Object.values(outputs) as Output[]).find((output) => output.schema === name)?.pattern ?? name}`;
  return Object.fromEntries(
    (Object.keys(sources) as SchemaName[]).map((name) => [
      name,
      {
        $id: absoluteUrl(origin, schemaUrl(name)),
        title: titleOf(name),
        ...z.toJSONSchema(sources[name].schema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' }),
      },
    ]),
  ) as unknown as Record<SchemaName, z.core.JSONSchema.JSONSchema & { $id: string; title: string }>;
};
