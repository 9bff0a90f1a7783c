/**
 * How a matrix cell says how its verdict is known, in words and marks shared by /matrix, its twin
 * and the client, revision and capability pages: observed on the wire or read, and since which
 * version it holds.
 */
import type { Evidence, MatrixCell } from './matrix.ts';
import { notCapturedMeaning, runsLabel } from './version-runs.ts';
import { clientUrl } from '../routes/urls.ts';

/** Every way a verdict is known, in the order legends list them. */
export const evidenceKinds = ['observed', 'read'] as const satisfies readonly Evidence[];

/** A small mark per kind of evidence; the words beside it (or hidden for screen readers) say it too. */
export const evidenceMarks: Record<Evidence, string> = { observed: '●', read: '○' };

/** A kind of evidence in a few words, for cells and their details. */
export const evidenceLabels: Record<Evidence, string> = {
  observed: 'observed on the wire',
  read: 'read in code and reports',
};

/** What makes a verdict one or the other (FORMAT.md: `evidence`). */
export const evidenceReasons: Record<Evidence, string> = {
  observed: 'a note the verdict cites cites a capture of this client',
  read: 'none of its notes cites a capture of this client: it rests on code, changelogs or reports',
};

/** What each kind of evidence means, for legends. */
export const evidenceMeanings: Record<Evidence, string> = {
  observed: `${evidenceLabels.observed}: ${evidenceReasons.observed}`,
  read: `${evidenceLabels.read}: ${evidenceReasons.read}`,
};

/** What `since`, runs and `version` mean, for legends. */
export const versionMeanings = {
  since: 'the first client version known to behave so, where it rests on code or reports rather than captures',
  sinceAtLeast: 'the behaviour holds from the oldest version captured, and nothing older was captured: it may be older still',
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
): string | undefined =>
  (cell.ranges !== undefined ? runsLabel(cell.ranges, cell.state ?? 'unknown') : undefined) ??
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
