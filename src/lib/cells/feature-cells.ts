/**
 * The client × feature cells: one per feature and client, from the clients' feature verdicts, with
 * the captures their notes cite and the runs of versions they cover. Unknown cells (no verdict) are
 * kept, never read as `no`. Pure: `src/data/features.ts` hands it the site's data.
 */
import type { CellState, FactState, Verdict } from '../../schema/index.ts';
import { faceOf, isHealthCheck } from '../evidence/capture-face.ts';
import type { Capture } from '../evidence/capture.ts';
import type { ReleaseTimes } from '../evidence/releases.ts';
import { freshness, type Freshness } from './freshness.ts';
import { compareVersions } from '../evidence/versions.ts';
import { faceLabel } from './cell-observations.ts';
import { besideVerdict, sortCellVerdicts, verdictKind, type BesideVerdict } from './evidence-kind.ts';
import type { Evidence } from './matrix.ts';
import {
  countReleases,
  describeRun,
  exportRange,
  facedRuns,
  runsLabel,
  type CountedRun,
  type FacedObservation,
  type RunRange,
} from './version-runs.ts';

/** One run of versions that behaved alike, oldest first (FORMAT.md: version runs), with the releases around it where known. */
export type VersionRange = CountedRun<RunRange>;

/** One client against one feature. */
export interface FeatureCell {
  feature: string;
  client: string;
  state: CellState;
  /** Runs of captured versions, oldest first: empty where no capture decides the cell (its evidence is not observed). */
  ranges: VersionRange[];
  /** How the deciding verdict is known (cells/evidence-kind.ts); absent when unknown. */
  evidence?: Evidence;
  /** The deciding verdict's `version` and `since`, which a cell no capture decides has instead of runs. */
  version?: string;
  since?: string;
  /** The cell's other verdicts (another kind's claim, a claim under a setting), shown beside it; they never decide it. */
  also?: BesideVerdict[];
  caveat?: string;
  notes: string[];
  /** The captures of this client that the cell's notes cite, by id, in the notes' order. */
  captures: string[];
  /** How far its newest capture is behind the client's newest release, where its captures and the release list tell. */
  freshness?: Freshness;
}

/** A capture as the cells need it: whose it is, at which version, and the face it was made in. */
export interface CapturedVersion {
  id: string;
  client: string;
  version: string;
  /** Its face (`faceOf`: path, transport and command), where known. */
  face?: string;
  /**
   * Its face in words (`faceLabel`: the command without its task, its path and transport): a run
   * never joins captures of two, and a run names its face where the cell's captures have several.
   */
  faceLabel?: string;
  /** Whether a health check made it: a health check's client is not the session's, so neither speaks for the other. */
  healthCheck?: boolean;
}

/** A capture as the cells take it: its client, version, face (and the face in words) and whether a health check made it. */
export const capturedVersion = (capture: Pick<Capture, 'id' | 'header' | 'events'>): CapturedVersion => ({
  id: capture.id,
  client: capture.header.client,
  version: capture.header.version,
  face: faceOf(capture),
  faceLabel: faceLabel(faceOf(capture)),
  healthCheck: isHealthCheck(capture),
});

/** What the cells are made of. */
export interface FeatureCellInput {
  features: readonly { id: string }[];
  clients: readonly { id: string; data: { support?: readonly Verdict[] | undefined } }[];
  /** Per note id, the captures it cites. */
  noteCaptures: ReadonlyMap<string, readonly CapturedVersion[]>;
  /** Every capture of every client: what "oldest captured" is measured against, and the other faces' captures. */
  captures: readonly CapturedVersion[];
  /** Per capture id, what its judge decided of each feature (`judgeCapture`, src/lib/scenarios). */
  facts?: ReadonlyMap<string, readonly { feature: string; state: FactState }[]>;
  /** Per client id, its published versions (content/releases/), where known: the runs count what was not captured. */
  releases?: ReadonlyMap<string, readonly string[]>;
  /** Per client id, when each of its versions was published (content/releases/): the runs carry their days. */
  releaseTimes?: ReadonlyMap<string, ReleaseTimes>;
}

const byVersion = (a: string, b: string) => compareVersions(a, b) ?? a.localeCompare(b);

/** The face a capture's runs are made in: its command without its task, path and transport. */
const faceKey = (capture: CapturedVersion): string => capture.faceLabel ?? capture.face ?? '';

/**
 * A cell's runs where no cited capture decides the feature (its captures' judges say nothing of
 * it): one run, the span its verdict's `since` and `version` cover, naming the cited versions inside
 * it as captured. A cell no capture decides at all (read, documented, reported) has no runs.
 */
export const verdictRanges = (
  verdict: Pick<Verdict, 'state' | 'since' | 'version'>,
  cited: readonly string[],
  captured: readonly string[],
): VersionRange[] => {
  const seen = [...new Set(cited)].sort(byVersion);
  const from = verdict.since ?? seen[0] ?? verdict.version;
  if (from === undefined) return [];
  const to = verdict.version ?? seen.at(-1) ?? from;
  const oldest = [...captured].sort(byVersion)[0];
  return [
    {
      from,
      to,
      state: verdict.state,
      captured: seen.filter((version) => byVersion(version, from) >= 0 && byVersion(version, to) <= 0),
      ...(oldest !== undefined && byVersion(from, oldest) <= 0 ? { fromIsOldestCaptured: true as const } : {}),
    },
  ];
};

/**
 * What a feature cell's captures show: every capture its notes cite of its client whose judge
 * speaks to the feature (one that decided nothing included), each in its face, and every other
 * capture of the client that decides it in a face those were made in (a run names every version
 * captured in its face); captures of the client's other faces of the same kind (sessions, or
 * health checks) are the others that split a run they contradict.
 */
const featureEvidence = (
  feature: string,
  cited: readonly CapturedVersion[],
  ofClient: readonly CapturedVersion[],
  facts: FeatureCellInput['facts'],
): { observations: FacedObservation[]; others: FacedObservation[] } => {
  const judged = (capture: CapturedVersion, undecided: boolean): FacedObservation[] =>
    (facts?.get(capture.id) ?? []).flatMap((fact) =>
      fact.feature === feature && (undecided || fact.state !== 'not-observed')
        ? [{ version: capture.version, state: fact.state, capture: capture.id, face: faceKey(capture) }]
        : [],
    );
  const deciding = cited.filter((capture) => judged(capture, false).length > 0);
  const faces = new Set(deciding.map(faceKey));
  const kinds = new Set(deciding.map((capture) => capture.healthCheck === true));
  const citedIds = new Set(cited.map((capture) => capture.id));
  const same = ofClient.filter((capture) => !citedIds.has(capture.id) && faces.has(faceKey(capture)));
  const other = ofClient.filter(
    (capture) => !citedIds.has(capture.id) && !faces.has(faceKey(capture)) && kinds.has(capture.healthCheck === true),
  );
  return {
    // A cited capture that decided nothing is a run of its own (captured, but undecided); an uncited one says nothing.
    observations: [...cited.flatMap((capture) => judged(capture, true)), ...same.flatMap((capture) => judged(capture, false))],
    others: other.flatMap((capture) => judged(capture, false)),
  };
};

/** Every feature × client cell, feature by feature in the order given, clients in the order given. */
export const buildFeatureCells = (input: FeatureCellInput): FeatureCell[] => {
  const capturedBy = Map.groupBy(input.captures, (capture) => capture.client);
  return input.features.flatMap((feature) =>
    input.clients.map((client): FeatureCell => {
      const citedOf = (notes: readonly string[]) =>
        notes.flatMap((note) => input.noteCaptures.get(note) ?? []).filter((capture) => capture.client === client.id);
      const { decides, beside } = sortCellVerdicts(
        (client.data.support ?? []).filter((item) => item.feature === feature.id),
        (item) => verdictKind(item, client.id, (note) => citedOf([note]).length > 0),
      );
      // No verdict at the client's defaults: unknown, with any verdict under a setting beside it (pi's tools
      // reach the model only with its adapter's exposure=direct).
      if (decides === undefined)
        return {
          feature: feature.id,
          client: client.id,
          state: 'unknown',
          ranges: [],
          ...(beside.length === 0 ? {} : { also: beside.map(besideVerdict) }),
          notes: [],
          captures: [],
        };
      const { verdict } = decides;
      const cited = citedOf(verdict.notes);
      const captures = [...new Set(cited.map((capture) => capture.id))];
      const ofClient = capturedBy.get(client.id) ?? [];
      const { observations, others } = featureEvidence(feature.id, cited, ofClient, input.facts);
      const runs = facedRuns(observations, others);
      const published = input.releases?.get(client.id);
      // Only a cell a capture decides has captured versions to be current or behind.
      // How far behind is counted only from a list of every release, not one that dates the captured versions only.
      const fresh =
        decides.kind === 'observed' && published !== undefined
          ? freshness(
              runs.flatMap((run) => run.captured),
              input.releaseTimes?.get(client.id),
            )
          : undefined;
      return {
        feature: feature.id,
        client: client.id,
        state: verdict.state,
        // Runs are captured versions: a cell no capture decides has none; its version and since say what is known.
        ranges:
          decides.kind !== 'observed'
            ? []
            : countReleases(
                runs.length > 0
                  ? runs.map(({ from, to, state, captured, fromIsOldestCaptured, face }): VersionRange => ({
                      from,
                      to,
                      state,
                      captured,
                      ...(fromIsOldestCaptured === true ? { fromIsOldestCaptured } : {}),
                      ...(face === undefined ? {} : { face }),
                    }))
                  : verdictRanges(
                      verdict,
                      cited.map((capture) => capture.version),
                      ofClient.map((capture) => capture.version),
                    ),
                published,
                input.releaseTimes?.get(client.id),
              ),
        evidence: decides.kind,
        ...(verdict.version === undefined ? {} : { version: verdict.version }),
        ...(verdict.since === undefined ? {} : { since: verdict.since }),
        ...(beside.length === 0 ? {} : { also: beside.map(besideVerdict) }),
        ...(verdict.caveat === undefined ? {} : { caveat: verdict.caveat }),
        notes: [...verdict.notes],
        captures,
        ...(fresh === undefined ? {} : { freshness: fresh }),
      };
    }),
  );
};

/**
 * The runs in words: "since at least 0.77.0 (oldest captured), to 0.171.0" for one run that starts
 * at the oldest capture, "0.77.0–0.171.0" for one that does not, and each run with its state where
 * there are several (`0.77.0: yes · 0.118.0: no`), with what was not captured inside and between
 * them where the releases are known. Empty where no version is known.
 */
export const formatRanges = (ranges: readonly VersionRange[]): string => {
  const [only] = ranges;
  if (only === undefined) return '';
  if (ranges.length === 1 && only.fromIsOldestCaptured !== true) return describeRun(only, false);
  return runsLabel(ranges, only.state) ?? '';
};

/**
 * A cell's versions in words: its captured runs where captures decide it (formatRanges), else what
 * its verdict says (`since 0.3.1`, `as of 0.210`, `since 0.3.1, as of 0.210`), never a run of
 * captures a cell no capture decides does not have. Empty where no version is known.
 */
export const featureVersionLabel = (cell: Pick<FeatureCell, 'ranges' | 'since' | 'version'>): string =>
  cell.ranges.length > 0
    ? formatRanges(cell.ranges)
    : [
        ...(cell.since === undefined ? [] : [`since ${cell.since}`]),
        ...(cell.version === undefined || cell.version === cell.since ? [] : [`as of ${cell.version}`]),
      ].join(', ');

/** A cell as `/data/features.json` lists it (FORMAT.md); unknown cells keep `state: unknown`, no notes and no evidence. */
export const exportFeatureCell = (cell: FeatureCell) => ({
  feature: cell.feature,
  client: cell.client,
  state: cell.state,
  ranges: cell.ranges.map(exportRange),
  ...(cell.evidence === undefined ? {} : { evidence: cell.evidence }),
  ...(cell.version === undefined ? {} : { version: cell.version }),
  ...(cell.since === undefined ? {} : { since: cell.since }),
  ...(cell.also === undefined ? {} : { also: cell.also }),
  ...(cell.caveat === undefined ? {} : { caveat: cell.caveat }),
  notes: cell.notes,
  captures: cell.captures,
  ...(cell.freshness === undefined ? {} : { freshness: cell.freshness }),
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

/**
 * Whether a cell is listed with the verdicts (a row of a feature page, a line of a client page and
 * their twins) rather than named among the unknown: it has a verdict, or is unknown at the client's
 * defaults with verdicts under a setting beside it (pi's, with its adapter's exposure=direct).
 */
export const isListed = (cell: Pick<FeatureCell, 'state' | 'also'>): boolean =>
  cell.state !== 'unknown' || cell.also !== undefined;

/** One feature's cells, known first (in the clients' order), then unknown: pages keep the two apart. */
export const featureRows = (cells: readonly FeatureCell[], feature: string): { known: FeatureCell[]; unknown: FeatureCell[] } => {
  const mine = cells.filter((cell) => cell.feature === feature);
  return { known: mine.filter(isListed), unknown: mine.filter((cell) => !isListed(cell)) };
};
