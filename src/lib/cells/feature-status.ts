/**
 * A feature's status over the core clients, in the spirit of Baseline: does every core client's
 * newest captured version support it, some, or none. One unknown core cell makes it unknown. When
 * it became so is the verdict history's to say (status-changes.ts).
 */
import type { FeatureCell } from './feature-cells.ts';
import type { CellState } from '../../schema/index.ts';
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

/** A feature's status, and each core client's newest captured state. */
export interface StatusOf {
  feature: string;
  status: FeatureStatus;
  clients: { client: string; state: CellState; version?: string }[];
}

const supports = (state: CellState) => state === 'yes' || state === 'partial';

/** The status of one feature over the core clients, from its cells (a missing cell is unknown). */
export const featureStatus = (feature: string, cells: readonly FeatureCell[], core: readonly string[]): StatusOf => {
  const clients = core.map((client) => {
    const cell = cells.find((candidate) => candidate.feature === feature && candidate.client === client);
    const newest = cell === undefined ? undefined : newestRun(cell.ranges);
    const state: CellState = newest?.state ?? cell?.state ?? 'unknown';
    return { client, state, ...(newest === undefined ? {} : { version: newest.run.to ?? newest.run.from }) };
  });
  const status: FeatureStatus =
    core.length === 0 || clients.some((client) => client.state === 'unknown')
      ? 'unknown'
      : clients.every((client) => supports(client.state))
        ? 'everywhere'
        : clients.some((client) => supports(client.state))
          ? 'some'
          : 'none';
  return { feature, status, clients };
};
