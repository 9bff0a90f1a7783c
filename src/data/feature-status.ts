/**
 * Every feature's status over the core clients (the clients whose file says why they are core),
 * from the feature cells, and when each status changed, replayed from the verdict history.
 */
import { featureStatus, type StatusOf } from '../lib/cells/feature-status.ts';
import { statusChanges, type StatusChange } from '../lib/cells/status-changes.ts';
import { featureData } from './features.ts';
import { historyData } from './history.ts';

/** The core clients with their reasons, each feature's status, and the history of statuses. */
export interface FeatureStatusData {
  core: { client: string; name: string; reason: string }[];
  statusOf: (feature: string) => StatusOf;
  /** Every status change, newest first; empty where the history is not published. */
  changes: StatusChange[];
  /** Why there are no changes, where the history is not published. */
  unavailable?: string;
}

/** The statuses, built from the same cells as the feature pages. */
export const featureStatusData = async (): Promise<FeatureStatusData> => {
  const { site, cells } = await featureData();
  const core = site.clients.flatMap((client) =>
    client.data.core === undefined ? [] : [{ client: client.id, name: client.data.name, reason: client.data.core }],
  );
  const ids = core.map((entry) => entry.client);
  const byFeature = Map.groupBy(cells, (cell) => cell.feature);
  const history = historyData();
  const changes = history.available
    ? statusChanges(
        history.featureChanges.map((change) => ({
          client: change.client,
          feature: change.column,
          state: change.to.state,
          commit: change.commit,
          date: change.date,
        })),
        ids,
      )
    : [];
  return {
    core,
    statusOf: (feature) => featureStatus(feature, byFeature.get(feature) ?? [], ids),
    changes,
    ...(history.available ? {} : { unavailable: history.reason }),
  };
};
