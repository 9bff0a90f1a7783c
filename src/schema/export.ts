import * as z from 'zod';
import { NoteFrontmatter } from './note.ts';
import { IsoDate } from './fields.ts';
import { captureFaces } from './capture.ts';
import { cellStates, evidenceKinds, factStates, verdictStates } from './verdict.ts';

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

/**
 * A verdict of another kind (or under a client setting) for the same cell, shown beside the one that
 * decides it: the docs' yes beside the wire's no. It never decides the cell.
 */
const BesideExport = z.strictObject({
  evidence: z.enum(evidenceKinds),
  state: z.enum(verdictStates),
  notes: z.array(z.string()).min(1),
  caveat: z.string().optional(),
  version: z.string().optional(),
  /** The client setting it holds under (`<name>=<value>`), where it holds only under one. */
  setting: z.string().optional(),
});

/** How a cell is known, and the other kinds' claims beside it. */
const kindFields = {
  /** How the deciding verdict is known: `observed` where a cited note cites a capture of this client (it decides), else the kind the verdict names: `read`, `documented` or `reported`. */
  evidence: z.enum(evidenceKinds),
  /** The cell's other verdicts, strongest kind first: another kind's claim, or a claim under a setting. */
  also: z.array(BesideExport).optional(),
};

/**
 * One run of captured versions that behaved alike, oldest first (FORMAT.md's version runs): its
 * first and last captured version (equal for one version) and every version captured inside it; a
 * version between two of them, or between two runs, was not captured, and nothing may be read into it.
 */
const RangeExport = <const S extends readonly [string, ...string[]]>(states: S) =>
  z.strictObject({
    /** The oldest version captured in the run. */
    from: z.string(),
    /** The newest version captured in the run: `from` itself where the run is one version. */
    to: z.string(),
    state: z.enum(states),
    /**
     * Every version captured inside the run, oldest first, `from` and `to` included; empty where the
     * one run is the span an observed verdict's written `since` and `version` give and no cited capture
     * falls inside it. A cell no capture decides (read, documented, reported) has no runs at all.
     */
    captured: z.array(z.string()),
    /** Set where nothing older than `from` was captured, so "since" is only "since at least". */
    fromIsOldestCaptured: z.literal(true).optional(),
    /** The face another face's run was captured in, where a capture of it split one of the cell's runs. */
    face: z.string().optional(),
    /** The day `from` was published (YYYY-MM-DD), from the client's release list, where it lists it. */
    fromReleased: z.string().optional(),
    /** The day `to` was published (YYYY-MM-DD), from the client's release list, where it lists it. */
    toReleased: z.string().optional(),
  });

/**
 * How far a cell's newest captured version is behind its client's newest release (its release list):
 * releases after it, and days between the two releases where both are dated; `behind: 0` is current.
 * One shape for `/data/features.json` and `/data/matrix.json`.
 */
export const FreshnessExport = z.strictObject({
  captured: z.string(),
  newest: z.string(),
  behind: z.number().int().min(0),
  days: z.number().int().min(0).optional(),
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
  /** The version runs the captures show, oldest first (FeatureRangeExport, in a verdict's states). */
  ranges: z.array(RangeExport(verdictStates)).optional(),
  ...kindFields,
  /** Where the drift report found a release newer than `version`: that release, its day, and the day it was checked. */
  newerRelease: z
    .strictObject({ version: z.string(), date: z.string().optional(), checked: z.string() })
    .optional(),  /** How far the cell's newest captured version is behind the client's newest release, where captures decide it and a release list dates them. */
  freshness: FreshnessExport.optional(),
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
   * bridge tool, the longest name that passed intact, the input-schema keywords kept and dropped,
   * and what became of names past 64 characters.
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
        /**
         * Each of the lab's tools whose name under this form passes 64 characters, as the run's newest
         * capture listing such tools shows: the tool, that length, and what the model was offered
         * (`intact`: the name whole; `truncated`: cut short; `shortened`: shortened otherwise;
         * `dropped`: nothing), with the name offered.
         */
        pastLimit: z
          .array(
            z.strictObject({
              tool: z.string(),
              length: z.number().int(),
              fate: z.enum(['intact', 'truncated', 'shortened', 'dropped']),
              as: z.string().optional(),
            }),
          )
          .optional(),
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
       * lab's own script on an SDK, whose clientInfo is the script's name: map it to no client), or
       * `harness` (a library driven by the smallest program its docs show: its clientInfo is the
       * library's own, often its SDK's default).
       */
      face: z.enum(captureFaces),
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

/**
 * A cell as a history change names it: its state, and the version and evidence kind where it has a
 * verdict (no kind for a verdict of a commit from before kinds were written, which named none).
 */
const HistoryCell = z.strictObject({
  state: z.enum(cellStates),
  version: z.string().optional(),
  evidence: z.enum(evidenceKinds).optional(),
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
    /** Every change of a feature cell, newest first, as `changes` names a revision's or a capability's. */
    featureChanges: z.array(z.strictObject({ ...changeFields, feature: z.string() })),
    /** Client file versions that today's schema could not read, and why; their cells kept their last state. */
    skipped: z.array(z.strictObject({ commit: z.string(), file: z.string(), reason: z.string() })),
  }),
  z.strictObject({ available: z.literal(false), reason: z.string(), changes: z.array(z.never()).max(0) }),
]);

/** One run of captured versions that behaved alike, oldest first (FORMAT.md's version runs). */
export const FeatureRangeExport = RangeExport(factStates);
/** One cell of `/data/features.json`: a client against a feature; unknown cells included. */
export const FeatureCellExport = z.union([
  z.strictObject({
    feature: z.string(),
    client: z.string(),
    state: z.enum(verdictStates),
    /** Runs of captured versions: empty where no capture decides the cell (its evidence is not observed). */
    ranges: z.array(FeatureRangeExport),
    ...kindFields,
    /** The deciding verdict's client version, where it names one. */
    version: z.string().optional(),
    /** The earliest client version known to behave so, where the deciding verdict names one. */
    since: z.string().optional(),
    caveat: z.string().optional(),
    notes: z.array(z.string()).min(1),
    /** The captures the cell's notes cite of this client. */
    captures: z.array(z.string()),
    /**
     * How far the cell's newest captured version is behind the client's newest release (its release
     * list): releases after it, and days between the two releases where both are dated; 0 is current.
     */
    freshness: FreshnessExport.optional(),
  }),
  z.strictObject({
    feature: z.string(),
    client: z.string(),
    state: z.literal('unknown'),
    ranges: z.array(FeatureRangeExport).max(0),
    /** Verdicts under a client setting, where only those exist: beside the cell, which is unknown at the defaults. */
    also: z.array(BesideExport.required({ setting: true })).optional(),
    notes: z.array(z.string()).max(0),
    captures: z.array(z.string()).max(0),
  }),
]);

/** The whole features export: every feature × client cell. */
export const FeaturesExport = z.array(FeatureCellExport);
