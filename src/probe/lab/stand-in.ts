/**
 * The stand-in model as the runner starts it (src/probe/model/, helper `model`): a loopback HTTP
 * server answering the kit's model API from the run's turn script, reporting each exchange, elided.
 */
import type { ModelRecord } from '../../lib/capture/merge.ts';
import type { RunPlan } from './plan.ts';

/** A running stand-in model. */
export interface StandIn {
  url: string;
  close(): Promise<void>;
}

/** Starts a stand-in model for a plan; undefined where this build has none. */
export type StartModel = (plan: RunPlan, record: (event: ModelRecord) => void) => Promise<StandIn>;

/** The stand-in model of this build, where it has one. */
export const standInModel = (): Promise<StartModel | undefined> => Promise.resolve(undefined);
