import * as z from 'zod';
import { NoteFrontmatter } from './note.ts';
import { IsoDate } from './fields.ts';
import { cellStates, factStates, verdictStates } from './verdict.ts';

/** One note in `/data/notes.json`: its frontmatter plus what the site derives from it. */
export const NoteExport = z.strictObject({
  id: z.string(),
  frontmatter: NoteFrontmatter,
  canonical: z.url(),
  lastUpdated: IsoDate,
  page: z.url(),
  twin: z.url(),
  /** Notes that list this one as related. */
  backlinks: z.array(z.string()),
  /** Notes that correct this one in part (their `corrects` names it). */
  correctedBy: z.array(z.string()),
});

/** The whole export. */
export const NotesExport = z.strictObject({
  site: z.url(),
  generated: IsoDate,
  notes: z.array(NoteExport),
});

const verdictFields = {
  /** The verdict's state. */
  state: z.enum(verdictStates),
  /** The notes that prove it, at least one. */
  notes: z.array(z.string()).min(1),
  /** What a partial verdict leaves out. */
  caveat: z.string().optional(),
  /** The client version the verdict was established on. */
  version: z.string().optional(),
  /** The earliest client version known to behave so. */
  since: z.string().optional(),
  /** The version runs the captures show, oldest first; `fromIsOldestCaptured` where nothing older was captured. */
  ranges: z
    .array(
      z.strictObject({
        from: z.string(),
        to: z.string().optional(),
        state: z.enum(verdictStates),
        fromIsOldestCaptured: z.literal(true).optional(),
      }),
    )
    .optional(),
  /** `observed` where a cited note cites a capture of this client, else `read` (code and reports). */
  evidence: z.enum(['observed', 'read']),
  /** Where the drift report found a release newer than `version`: that release, its day, and the day it was checked. */
  newerRelease: z
    .strictObject({ version: z.string(), date: z.string().optional(), checked: z.string() })
    .optional(),
};
/** A cell with no verdict: unknown, which is not `no`, and has no notes. */
const unknownFields = { state: z.literal('unknown'), notes: z.array(z.string()).max(0) };

/** One cell of `/data/matrix.json`: a client against a revision or a capability. */
export const MatrixCellExport = z.union([
  z.strictObject({ client: z.string(), revision: z.string(), ...verdictFields }),
  z.strictObject({ client: z.string(), revision: z.string(), ...unknownFields }),
  z.strictObject({ client: z.string(), capability: z.string(), ...verdictFields }),
  z.strictObject({ client: z.string(), capability: z.string(), ...unknownFields }),
]);

/** The whole matrix export: every cell of both matrices, unknown cells included. */
export const MatrixExport = z.array(MatrixCellExport);

/** One client in `/data/clients.json`: its identity here, and each capture's view of it. */
export const ClientExport = z.strictObject({
  client: z.string(),
  name: z.string(),
  /** What the client file says it sends as clientInfo.name. */
  clientInfoName: z.string().optional(),
  /** Set where the client is one of the core set a feature's status is judged over. */
  core: z.literal(true).optional(),
  /**
   * How its captured versions passed a server's tools on to the model, oldest run first, read from
   * what the stand-in model received: the name with `{server}` and `{tool}` in place, its namespace,
   * the characters of the server's name replaced, whether the model reached the tool only through a
   * bridge tool, the longest name that passed intact, and the input-schema keywords kept and dropped.
   */
  toolNames: z
    .array(
      z.strictObject({
        from: z.string(),
        to: z.string(),
        captured: z.array(z.string()),
        api: z.string(),
        name: z.string(),
        namespace: z.string().optional(),
        serverChars: z.array(z.tuple([z.string(), z.string()])).optional(),
        reach: z.enum(['definition', 'bridge']),
        longest: z.number().int(),
        /** The input-schema keywords that reached the model as listed, and those that did not, each as the run's newest capture listing it shows. */
        keywords: z.strictObject({ dropped: z.array(z.string()), kept: z.array(z.string()) }).optional(),
        captures: z.array(z.string()),
      }),
    )
    .optional(),
  /** What captures observed, newest first. */
  observed: z.array(
    z.strictObject({
      version: z.string(),
      /** The clientInfo exactly as the client sent it; null where it sent none. */
      clientInfo: z.record(z.string(), z.unknown()).nullable(),
      userAgent: z.string().optional(),
      transport: z.string(),
      path: z.string(),
      /**
       * Which face connected: `session`, `health-check` (a check such as `mcp list`, which may be a
       * separate client: `mcp-test-client` is Gemini CLI's and Qwen Code's), or `lab-script` (the
       * lab's own script on an SDK, whose clientInfo is the script's name: map it to no client).
       */
      face: z.enum(['session', 'health-check', 'lab-script']),
      /** What was run to make the client connect. */
      command: z.string().optional(),
      /** The capture's id: `/captures/<id>`. */
      capture: z.string(),
      capturedAt: z.string(),
    }),
  ),
});

/** The whole clients export. */
export const ClientsExport = z.array(ClientExport);

/** A cell as a history change names it: its state, and the version and evidence where it has a verdict. */
const HistoryCell = z.strictObject({
  state: z.enum(cellStates),
  version: z.string().optional(),
  evidence: z.enum(['observed', 'read']).optional(),
});

/** What every change of `/data/history.json` has: what the cell was and became, and the commit that did it. */
const changeFields = {
  client: z.string(),
  from: HistoryCell,
  to: HistoryCell,
  /** `codex · elicitation: partial → yes, 0.169.0, observed` */
  text: z.string(),
  commit: z.string().regex(/^[0-9a-f]{40}$/),
  /** The committer date, ISO 8601 UTC. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
  subject: z.string(),
};

/** One change of one cell: a revision's or a capability's. */
const HistoryChange = z.union([
  z.strictObject({ ...changeFields, revision: z.string() }),
  z.strictObject({ ...changeFields, capability: z.string() }),
]);

/** `/data/history.json`: every verdict change, newest first, or why the history is unavailable. */
export const HistoryExport = z.union([
  z.strictObject({
    available: z.literal(true),
    /** The commit the history was read up to. */
    head: z.string(),
    /** How many commits touched the clients, notes or captures. */
    commits: z.number().int(),
    changes: z.array(HistoryChange),
    /** Client file versions that today's schema could not read, and why; their cells kept their last state. */
    skipped: z.array(z.strictObject({ commit: z.string(), file: z.string(), reason: z.string() })),
  }),
  z.strictObject({ available: z.literal(false), reason: z.string(), changes: z.array(z.never()).max(0) }),
]);

/** One run of captured versions that behaved alike, oldest first (FORMAT.md's version runs). */
export const FeatureRangeExport = z.strictObject({
  /** The oldest version of the run. */
  from: z.string(),
  /** The newest version of the run, where it is not `from` itself. */
  to: z.string().optional(),
  state: z.enum(factStates),
  /** Set where nothing older than `from` was captured, so "since" is only "since at least". */
  fromIsOldestCaptured: z.boolean().optional(),
});

/** One cell of `/data/features.json`: a client against a feature; unknown cells included. */
export const FeatureCellExport = z.union([
  z.strictObject({
    feature: z.string(),
    client: z.string(),
    state: z.enum(verdictStates),
    ranges: z.array(FeatureRangeExport),
    evidence: z.enum(['observed', 'read']),
    caveat: z.string().optional(),
    notes: z.array(z.string()).min(1),
    /** The captures the cell's notes cite of this client. */
    captures: z.array(z.string()),
  }),
  z.strictObject({
    feature: z.string(),
    client: z.string(),
    state: z.literal('unknown'),
    ranges: z.array(FeatureRangeExport).max(0),
    notes: z.array(z.string()).max(0),
    captures: z.array(z.string()).max(0),
  }),
]);

/** The whole features export: every feature × client cell. */
export const FeaturesExport = z.array(FeatureCellExport);
