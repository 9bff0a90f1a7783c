/**
 * The client × feature cells: one per feature and client, from the clients' feature verdicts, with
 * the captures their notes cite and the runs of versions they cover. Unknown cells (no verdict) are
 * kept, never read as `no`. Pure: `src/data/features.ts` hands it the site's data.
 */
import type { CellState, FactState, Verdict } from '../../schema/index.ts';
import { compareVersions } from '../evidence/versions.ts';
import type { Evidence } from './matrix.ts';
import { versionRuns, type Observation } from './version-runs.ts';

/** One run of versions that behaved alike, oldest first (FORMAT.md: version runs). */
export interface VersionRange {
  from: string;
  /** The newest version of the run, where it is not `from` itself. */
  to?: string;
  state: FactState;
  /** Nothing older than `from` was captured: the run starts "at least" there. */
  fromIsOldestCaptured?: boolean;
}

/** One client against one feature. */
export interface FeatureCell {
  feature: string;
  client: string;
  state: CellState;
  ranges: VersionRange[];
  /** `observed` where a cited note cites a capture of this client, else `read`; absent when unknown. */
  evidence?: Evidence;
  caveat?: string;
  notes: string[];
  /** The captures of this client that the cell's notes cite, by id, in the notes' order. */
  captures: string[];
}

/** A capture as the cells need it: whose it is and at which version. */
export interface CapturedVersion {
  id: string;
  client: string;
  version: string;
}

/** What the cells are made of. */
export interface FeatureCellInput {
  features: readonly { id: string }[];
  clients: readonly { id: string; data: { support?: readonly Verdict[] | undefined } }[];
  /** Per note id, the captures it cites. */
  noteCaptures: ReadonlyMap<string, readonly CapturedVersion[]>;
  /** Every capture of every client: what "oldest captured" is measured against. */
  captures: readonly CapturedVersion[];
  /** Per capture id, what its judge decided of each feature (`judgeCapture`, src/lib/scenarios). */
  facts?: ReadonlyMap<string, readonly { feature: string; state: FactState }[]>;
}

const byVersion = (a: string, b: string) => compareVersions(a, b) ?? a.localeCompare(b);

/**
 * A cell's runs where no cited capture decides it (its evidence is read, or its captures' judges
 * say nothing of the feature): one run, the span its verdict's `since` and `version` cover.
 */
export const verdictRanges = (
  verdict: Pick<Verdict, 'state' | 'since' | 'version'>,
  cited: readonly string[],
  captured: readonly string[],
): VersionRange[] => {
  const seen = [...cited].sort(byVersion);
  const from = verdict.since ?? seen[0] ?? verdict.version;
  if (from === undefined) return [];
  const to = verdict.version ?? seen.at(-1);
  const oldest = [...captured].sort(byVersion)[0];
  return [
    {
      from,
      ...(to !== undefined && to !== from ? { to } : {}),
      state: verdict.state,
      ...(oldest !== undefined && byVersion(from, oldest) <= 0 ? { fromIsOldestCaptured: true } : {}),
    },
  ];
};

/** Every feature × client cell, feature by feature in the order given, clients in the order given. */
export const buildFeatureCells = (input: FeatureCellInput): FeatureCell[] => {
  const capturedBy = Map.groupBy(input.captures, (capture) => capture.client);
  return input.features.flatMap((feature) =>
    input.clients.map((client): FeatureCell => {
      const verdict = client.data.support?.find((item) => item.feature === feature.id);
      if (verdict === undefined)
        return { feature: feature.id, client: client.id, state: 'unknown', ranges: [], notes: [], captures: [] };
      const cited = verdict.notes
        .flatMap((note) => input.noteCaptures.get(note) ?? [])
        .filter((capture) => capture.client === client.id);
      const captures = [...new Set(cited.map((capture) => capture.id))];
      // Each cited capture whose judge decided the feature is one observation; the runs follow them.
      const observations = cited.flatMap((capture): Observation[] =>
        (input.facts?.get(capture.id) ?? []).flatMap((fact) =>
          fact.feature === feature.id && fact.state !== 'not-observed'
            ? [{ version: capture.version, state: fact.state, capture: capture.id }]
            : [],
        ),
      );
      const runs = versionRuns(observations);
      return {
        feature: feature.id,
        client: client.id,
        state: verdict.state,
        ranges:
          runs.length > 0
            ? runs.map((run) => ({
                from: run.from,
                ...(run.to === undefined ? {} : { to: run.to }),
                state: run.state,
                ...(run.fromIsOldestCaptured ? { fromIsOldestCaptured: true } : {}),
              }))
            : verdictRanges(
                verdict,
                cited.map((capture) => capture.version),
                (capturedBy.get(client.id) ?? []).map((capture) => capture.version),
              ),
        evidence: captures.length > 0 ? 'observed' : 'read',
        ...(verdict.caveat === undefined ? {} : { caveat: verdict.caveat }),
        notes: [...verdict.notes],
        captures,
      };
    }),
  );
};

/**
 * The runs in words: "since at least 0.77.0 (oldest captured)" for one run that starts at the
 * oldest capture, "0.77.0–0.171.0" for one that does not, and each run with its state where there
 * are several (`0.77.0: yes · 0.118.0: no`). Empty where no version is known.
 */
export const formatRanges = (ranges: readonly VersionRange[]): string => {
  const span = (range: VersionRange) => (range.to === undefined ? range.from : `${range.from}–${range.to}`);
  const [only] = ranges;
  if (only === undefined) return '';
  if (ranges.length === 1) {
    if (only.fromIsOldestCaptured)
      return `since at least ${only.from} (oldest captured)${only.to === undefined ? '' : `, to ${only.to}`}`;
    return span(only);
  }
  return ranges.map((range) => `${span(range)}: ${range.state}`).join(' · ');
};

/** A cell as `/data/features.json` lists it (FORMAT.md); unknown cells keep `state: unknown`, no notes and no evidence. */
export const exportFeatureCell = (cell: FeatureCell) => ({
  feature: cell.feature,
  client: cell.client,
  state: cell.state,
  ranges: cell.ranges.map((range) => ({
    from: range.from,
    ...(range.to === undefined ? {} : { to: range.to }),
    state: range.state,
    ...(range.fromIsOldestCaptured ? { fromIsOldestCaptured: true } : {}),
  })),
  ...(cell.evidence === undefined ? {} : { evidence: cell.evidence }),
  ...(cell.caveat === undefined ? {} : { caveat: cell.caveat }),
  notes: cell.notes,
  captures: cell.captures,
});

/** Features grouped under their capability, capabilities in the order given, features by id; empty groups left out. */
export const featuresByCapability = <F extends { id: string; data: { capability: string } }>(
  features: readonly F[],
  capabilities: readonly string[],
): { capability: string; features: F[] }[] =>
  capabilities
    .map((capability) => ({
      capability,
      features: features.filter((feature) => feature.data.capability === capability).sort((a, b) => a.id.localeCompare(b.id)),
    }))
    .filter((group) => group.features.length > 0);

/** One feature's cells, known first (in the clients' order), then unknown: pages keep the two apart. */
export const featureRows = (cells: readonly FeatureCell[], feature: string): { known: FeatureCell[]; unknown: FeatureCell[] } => {
  const mine = cells.filter((cell) => cell.feature === feature);
  return { known: mine.filter((cell) => cell.state !== 'unknown'), unknown: mine.filter((cell) => cell.state === 'unknown') };
};
