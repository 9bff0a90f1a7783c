/**
 * The words and marks of each evidence kind: what a cell, row, twin, badge and server finding say of
 * how a verdict is known. Types only from the schema, so the browser's server check can carry them
 * without the schemas; every record is keyed by the one declaration of the kinds, so none is missed.
 */
import type { EvidenceKind } from '../../schema/verdict.ts';
import type { BesideVerdict } from './evidence-kind.ts';

/** A mark per kind, none of them a state's symbol (✓ ◐ ✗ ?); the words beside it (or for screen readers) say it too. */
export const evidenceMarks: Record<EvidenceKind, string> = { observed: '●', read: '○', documented: '◇', reported: '△' };

/** A kind of evidence in a few words, for cells, rows, twins and findings. */
export const evidenceLabels: Record<EvidenceKind, string> = {
  observed: 'observed on the wire',
  read: 'read in its code',
  documented: 'documented by its maker',
  reported: 'reported by a third party',
};

/** A kind in fewer words, where space is short (twins' table cells, a badge's message); a report still says whose. */
export const evidenceNames: Record<EvidenceKind, string> = {
  observed: 'observed',
  read: 'read in code',
  documented: 'documented',
  reported: 'reported by a third party',
};

/** What makes a verdict one kind or another (FORMAT.md: `evidence`). */
export const evidenceReasons: Record<EvidenceKind, string> = {
  observed: 'a note the verdict cites cites a capture of this client; where kinds disagree, this one decides',
  read: "the client's own code at a pinned commit and lines; no capture of the client decides it",
  documented: "the client's maker's documentation or changelog, dated; no capture of the client decides it",
  reported: "a third party's report (an issue, a forum thread, a server's docs), dated; no capture of the client decides it",
};

/** A class-safe short code per kind, for the compact grids' cells and the kind filter. */
export const evidenceCodes: Record<EvidenceKind, string> = { observed: 'ko', read: 'kr', documented: 'kd', reported: 'kt' };

/**
 * A verdict beside a cell in a few words: `◇ documented by its maker: yes with useInstructions=true, as of 1.2`,
 * and `(disagrees)` after one without a setting whose state is not the cell's. `names` picks the
 * shorter words (twins).
 */
export const besideLabel = (
  beside: BesideVerdict,
  cellState?: string,
  names: Record<EvidenceKind, string> = evidenceLabels,
): string =>
  `${evidenceMarks[beside.evidence]} ${names[beside.evidence]}: ${beside.state}${
    beside.setting === undefined ? '' : ` with ${beside.setting}`
  }${beside.version === undefined ? '' : `, as of ${beside.version}`}${
    cellState !== undefined && beside.setting === undefined && beside.state !== cellState ? ' (disagrees)' : ''
  }`;
