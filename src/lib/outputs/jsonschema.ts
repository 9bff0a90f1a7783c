import * as z from 'zod';
import {
  CapabilityFrontmatter,
  ClientFrontmatter,
  FeatureFrontmatter,
  NoteFrontmatter,
  RevisionFrontmatter,
} from '../../schema/index.ts';
import { DriftReport } from '../../schema/drift.ts';
import { ClientReleases } from '../../schema/releases.ts';
import { ClientsExport, FeaturesExport, HistoryExport, MatrixExport, NotesExport } from '../../schema/export.ts';
import { absoluteUrl, dataExports, schemaUrl } from '../routes/urls.ts';

/** The zod schema of each JSON export, by its schema's name in `dataExports`: what the JSON Schema is made from. */
export const exportSchemas: Record<(typeof dataExports)[number]['schema'], z.ZodType> = {
  'notes-export': NotesExport,
  'matrix-export': MatrixExport,
  'clients-export': ClientsExport,
  'history-export': HistoryExport,
  'features-export': FeaturesExport,
};

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
  // An export's schema is titled by the file it describes.
  const exported = (name: keyof typeof exportSchemas) =>
    make(exportSchemas[name], name, `canimcp ${dataExports.find((entry) => entry.schema === name)?.path ?? name}`);
  return {
    note: make(NoteFrontmatter, 'note', 'canimcp research note frontmatter'),
    client: make(ClientFrontmatter, 'client', 'canimcp client frontmatter'),
    revision: make(RevisionFrontmatter, 'revision', 'canimcp revision frontmatter'),
    capability: make(CapabilityFrontmatter, 'capability', 'canimcp capability frontmatter'),
    feature: make(FeatureFrontmatter, 'feature', 'canimcp feature frontmatter'),
    'notes-export': exported('notes-export'),
    'matrix-export': exported('matrix-export'),
    'clients-export': exported('clients-export'),
    'history-export': exported('history-export'),
    'features-export': exported('features-export'),
    'drift-report': make(DriftReport, 'drift-report', 'canimcp content/drift.json (npm run drift -- --write)'),
    releases: make(ClientReleases, 'releases', 'canimcp content/releases/<client>.json (npm run probe -- releases)'),
  };
};
