/**
 * A feature's status over the core clients, in the spirit of Baseline: does every core client's
 * newest captured version support it, some, or none. One unknown core cell makes it unknown. When
 * it became so is the verdict history's to say (status-changes.ts).
 */
import type { FeatureCell } from './feature-cells.ts';
import { evidenceKinds, type CellState, type EvidenceKind } from '../../schema/index.ts';
import { evidenceNames } from './evidence-words.ts';
import { newestRun } from './version-state.ts';

/** The status values, in the order a reader ranks them. */
export const featureStatuses = ['everywhere', 'some', 'none', 'unknown'] as const;
export type FeatureStatus = (typeof featureStatuses)[number];

/** What each status says, in words. */
export const statusLabel: Record<FeatureStatus, string> = {
  everywhere: 'Every core client',
  some: 'Some core clients',
  none: 'No core client',
  unknown: 'Not yet known',
};

/**
 * A feature's status, each core client's newest state (its newest captured run's, or where no capture
 * decides the cell, its verdict's, `version` then being the verdict's), and the kinds the status
 * rests on: every kind of evidence among the core clients' known cells, strongest first (none while
 * the status is unknown).
 */
export interface StatusOf {
  feature: string;
  status: FeatureStatus;
  clients: { client: string; state: CellState; version?: string; evidence?: EvidenceKind }[];
  kinds: EvidenceKind[];
}

const supports = (state: CellState) => state === 'yes' || state === 'partial';

/**
 * A status in words, with the kinds it rests on where any is not observed: `some core clients`,
 * `every core client, partly documented`, `no core client, read in code, documented`.
 */
export const statusText = (status: Pick<StatusOf, 'status' | 'kinds'>): string => {
  const other = status.kinds.filter((kind) => kind !== 'observed');
  const label = statusLabel[status.status].toLowerCase();
  if (other.length === 0) return label;
  return `${label}, ${status.kinds.includes('observed') ? 'partly ' : ''}${other.map((kind) => evidenceNames[kind]).join(', ')}`;
};

/** The status of one feature over the core clients, from its cells (a missing cell is unknown). */
export const featureStatus = (feature: string, cells: readonly FeatureCell[], core: readonly string[]): StatusOf => {
  const clients = core.map((client) => {
    const cell = cells.find((candidate) => candidate.feature === feature && candidate.client === client);
    const newest = cell === undefined ? undefined : newestRun(cell.ranges);
    const state: CellState = newest?.state ?? cell?.state ?? 'unknown';
    const version = newest === undefined ? cell?.version : (newest.run.to ?? newest.run.from);
    return {
      client,
      state,
      ...(version === undefined ? {} : { version }),
      ...(state === 'unknown' || cell?.evidence === undefined ? {} : { evidence: cell.evidence }),
    };
  });
  const status: FeatureStatus =
    core.length === 0 || clients.some((client) => client.state === 'unknown')
      ? 'unknown'
      : clients.every((client) => supports(client.state))
        ? 'everywhere'
        : clients.some((client) => supports(client.state))
          ? 'some'
          : 'none';
  // An unknown status rests on nothing yet, whatever some core cells are known by.
  const kinds = status === 'unknown' ? [] : evidenceKinds.filter((kind) => clients.some((client) => client.evidence === kind));
  return { feature, status, clients, kinds };
};
