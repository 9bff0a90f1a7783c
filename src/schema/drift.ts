import * as z from 'zod';
import { IsoDate, Slug } from './fields.ts';
import { verdictAxes } from './verdict.ts';

/** Where in the content a finding points: a verdict's `version` or a source's `url`. */
export const DriftPosition = z.strictObject({
  file: z.string().meta({ description: 'The content file, relative to the project root.' }),
  line: z.int().min(1),
  column: z.int().min(1),
});

/** What `npm view` said of one client's package: its newest release, or why it could not say. */
export const ReleaseCheck = z.strictObject({
  client: Slug,
  package: z.string().min(1),
  version: z.string().min(1).optional().meta({ description: 'The newest release (the registry’s `latest` tag).' }),
  date: IsoDate.optional().meta({ description: 'The day that release was published.' }),
  unreachable: z.string().min(1).optional().meta({ description: 'Why the registry could not be read, where it could not.' }),
  at: DriftPosition,
});

/** A verdict checked on a client version older than the newest release. */
export const VerdictDrift = z.strictObject({
  client: Slug,
  axis: z.enum(verdictAxes),
  column: z.string().min(1).meta({ description: 'The revision, capability or feature id.' }),
  version: z.string().min(1).meta({ description: 'The version the verdict was checked on.' }),
  newest: z.string().min(1),
  released: IsoDate.optional(),
  evidence: z.enum(['observed', 'read']).meta({ description: 'observed: the first thing to re-capture.' }),
  at: DriftPosition,
});

/** What became of one cited file, or of one range of its lines. */
export const FileDrift = z.strictObject({
  file: z.string().min(1),
  status: z.enum(['unchanged', 'moved', 'changed', 'gone', 'missing']),
  lines: z.string().optional().meta({ description: 'The cited lines, `10-20`; absent for a whole file.' }),
  now: z.string().optional().meta({ description: 'Where moved lines are now, `30-40`.' }),
  detail: z.string().optional(),
});

/** One web source pinned to a commit and path, compared with its repository's default branch. */
export const SourceDrift = z.strictObject({
  note: Slug,
  url: z.string().min(1),
  commit: z.string().min(1),
  path: z.string().min(1),
  status: z.enum(['unchanged', 'moved', 'changed', 'gone', 'missing', 'unreachable']),
  files: z.array(FileDrift),
  detail: z.string().optional().meta({ description: 'Why the repository could not be read, where it could not.' }),
  at: DriftPosition,
});

/**
 * `content/drift.json`, which `npm run drift -- --write` writes and the build reads: the day the
 * content was last checked against the registry and the sources' repositories, and what was found.
 */
export const DriftReport = z.strictObject({
  drift: z.literal(1).meta({ description: 'The format’s version.' }),
  checked: IsoDate.meta({ description: 'The day the check ran.' }),
  releases: z.array(ReleaseCheck),
  verdicts: z.array(VerdictDrift),
  sources: z.array(SourceDrift),
});

export type DriftReport = z.output<typeof DriftReport>;
export type ReleaseCheck = z.output<typeof ReleaseCheck>;
export type VerdictDrift = z.output<typeof VerdictDrift>;
export type SourceDrift = z.output<typeof SourceDrift>;
export type FileDrift = z.output<typeof FileDrift>;
export type DriftPosition = z.output<typeof DriftPosition>;
