/**
 * How a cell says how its verdict is known, in words and marks shared by /matrix, the feature pages,
 * every twin, badge and the server check: observed on the wire, read in its code, documented by its
 * maker or reported by a third party, and since which version it holds.
 */
import { evidenceKinds, type EvidenceKind } from '../../schema/index.ts';
import type { MatrixCell } from './matrix.ts';
import { evidenceLabels, evidenceReasons } from './evidence-words.ts';
import { briefRunsLabel, notCapturedMeaning, runsLabel } from './version-runs.ts';
import { clientUrl } from '../routes/urls.ts';

/** Every way a verdict is known, strongest first, in the order legends list them (declared in the schema). */
export { evidenceKinds };

/** What each kind of evidence means, for legends. */
export const evidenceMeanings: Record<EvidenceKind, string> = Object.fromEntries(
  evidenceKinds.map((kind) => [kind, `${evidenceLabels[kind]}: ${evidenceReasons[kind]}`]),
) as Record<EvidenceKind, string>;

/** What the kinds of a set of cells are, each with its count, strongest first: `● observed 3 · ◇ documented 1`. */
export const kindCounts = (kinds: readonly (EvidenceKind | undefined)[]): { kind: EvidenceKind; count: number }[] =>
  evidenceKinds.map((kind) => ({ kind, count: kinds.filter((item) => item === kind).length })).filter((entry) => entry.count > 0);

/** What `since`, runs and `version` mean, for legends. */
export const versionMeanings = {
  since: 'the first client version known to behave so, where it rests on code or reports rather than captures',
  sinceAtLeast: 'the behaviour holds from the oldest version captured, and nothing older was captured: it may be older still',
  brief:
    "runs in brief: each run's first and last version captured and its state; the cell's row on its client's page gives the days they were released, the releases not captured and the face of a run made in another",
  runs: `each run of captured versions with its state, oldest first; ${notCapturedMeaning}`,
  version: 'the newest client version the verdict was checked against',
} as const;

/**
 * A cell's versions in a few words: its captures' runs where captures decide it (`since at least
 * 1.0.11 (oldest captured)`, or `1.0.11–1.0.70: no · 1.0.71–1.0.102: partial`), else `since 0.3.10`
 * where a since is written, else `as of 0.210`, else nothing. Never a bare since that captures
 * could not support: where they decide the cell, the runs speak.
 */
export const cellVersionLabel = (
  cell: Pick<MatrixCell, 'since' | 'version' | 'ranges'> & { state?: MatrixCell['state'] },
  /** Runs in brief (versions and states only), for the matrix page's hundreds of cells. */
  brief = false,
): string | undefined =>
  (cell.ranges !== undefined ? (brief ? briefRunsLabel : runsLabel)(cell.ranges, cell.state ?? 'unknown') : undefined) ??
  (cell.since !== undefined ? `since ${cell.since}` : cell.version !== undefined ? `as of ${cell.version}` : undefined);

/**
 * The id of a verdict's row on its client's page, where the matrix cell links: unique on that page
 * (one row per axis and column), and safe in an id.
 */
export const cellDetailId = (cell: Pick<MatrixCell, 'axis' | 'column'>): string =>
  `verdict-${cell.axis}-${cell.column}`.replace(/[^A-Za-z0-9_-]/g, '_');

/** Where a matrix cell's detail is: its row on the client's page, which shows its caveat, evidence and notes. */
export const cellDetailUrl = (cell: Pick<MatrixCell, 'axis' | 'client' | 'column'>): string =>
  `${clientUrl(cell.client)}#${cellDetailId(cell)}`;
