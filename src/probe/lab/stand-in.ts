/**
 * The stand-in model as the runner starts it (src/probe/model/server.ts): a loopback HTTP server
 * answering every model API from the run's turn script, reporting each exchange already elided.
 */
import type { ModelRecord } from '../../lib/evidence/merge.ts';
import type { RunPlan } from '../../lib/lab/plan.ts';

/** A running stand-in model. */
export interface StandIn {
  url: string;
  close(): Promise<void>;
}

/** Starts a stand-in model for a plan. */
export type StartModel = (plan: RunPlan, record: (event: ModelRecord) => void) => Promise<StandIn>;

/** The stand-in model, loaded only where a run needs it. */
export const standInModel = async (): Promise<StartModel> => {
  const { startStandInModel } = await import('../model/server.ts');
  return (plan, record) =>
    startStandInModel({ script: { calls: plan.calls, finish: plan.finish }, serverStrings: plan.serverStrings, record });
};
