/**
 * What a run tells the stand-in model, the probe and the client: the scenario the probe plays (the
 * handshake alone where none is named), the tool calls the model makes, the strings the server
 * sends (which the model events keep verbatim), and the prompt.
 */
import { runScenario, serverStrings } from '../scenarios/index.ts';
import type { Scenario } from '../scenarios/scenario.ts';

/** The stand-in model's turn script and what the client is told. */
export interface RunPlan {
  scenario: Scenario;
  calls: Scenario['calls'];
  finish: string;
  serverStrings: string[];
  /** The scenario's prompt; the face's own where none. */
  prompt?: string | undefined;
}

/** What the stand-in model says when its script is done. */
const FINISH = 'Done.';

/** The plan for a run: the named scenario's, or the handshake's where none is named. */
export const planFor = (name: string | undefined): RunPlan => {
  const scenario = runScenario(name);
  return { scenario, calls: scenario.calls, finish: FINISH, serverStrings: serverStrings(scenario), prompt: scenario.prompt };
};
