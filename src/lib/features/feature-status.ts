/**
 * A feature's status over the core clients, in the spirit of Baseline: does every core client's
 * newest captured version support it, some, or none; and since when every one has, where the
 * captures and the registry's release dates show it. One unknown core cell makes it unknown.
 */
import { newestRun, type FeatureCell, type FeatureState } from './feature-cells.ts';

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

/** A feature's status, each core client's newest state, and the day it became true where that is known. */
export interface StatusOf {
  feature: string;
  status: FeatureStatus;
  clients: { client: string; state: FeatureState; version?: string }[];
  /** `everywhere` only: the release day of the last core client's first supporting version, where it is known. */
  since?: string;
}

/** Looks up a release's publication day: `(client, version) → YYYY-MM-DD`. */
export type ReleaseDay = (client: string, version: string) => string | undefined;

const supports = (state: FeatureState) => state === 'yes' || state === 'partial';

/** The status of one feature over the core clients, from its cells (a missing cell is unknown). */
export const featureStatus = (
  feature: string,
  cells: readonly FeatureCell[],
  core: readonly string[],
  releaseDay: ReleaseDay = () => undefined,
): StatusOf => {
  const clients = core.map((client) => {
    const cell = cells.find((candidate) => candidate.feature === feature && candidate.client === client);
    const run = cell === undefined ? undefined : newestRun(cell.ranges);
    return {
      client,
      state: run?.state ?? cell?.state ?? 'unknown',
      ...(run === undefined ? {} : { version: run.to ?? run.from }),
      run,
    };
  });
  const shown = clients.map(({ client, state, version }) => ({ client, state, ...(version === undefined ? {} : { version }) }));
  if (core.length === 0 || clients.some((client) => client.state === 'unknown'))
    return { feature, status: 'unknown', clients: shown };
  const yes = clients.filter((client) => supports(client.state));
  if (yes.length === 0) return { feature, status: 'none', clients: shown };
  if (yes.length < clients.length) return { feature, status: 'some', clients: shown };
  // Known only where every core client's supporting run began after an older captured version that did not support it.
  const days = clients.map((client) =>
    client.run === undefined || client.run.fromIsOldestCaptured === true ? undefined : releaseDay(client.client, client.run.from),
  );
  const since = days.every((day): day is string => day !== undefined) ? days.sort().at(-1) : undefined;
  return { feature, status: 'everywhere', clients: shown, ...(since === undefined ? {} : { since }) };
};
