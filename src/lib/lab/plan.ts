/**
 * What a run tells the stand-in model, the probe and the client: the scenario the probe plays (the
 * handshake alone where none is named), the tool calls the model makes and the resources it reads,
 * the strings the server sends (which the model events keep verbatim) and those it answers with
 * (whose wrapping by the client they keep too), and the prompt.
 */
import { answerStrings, runScenario, serverStrings } from '../scenarios/index.ts';
import type { Scenario } from '../scenarios/scenario.ts';

/** The stand-in model's turn script and what the client is told. */
export interface RunPlan {
  scenario: Scenario;
  calls: Scenario['calls'];
  /** Resources the model reads through the client's own tool. */
  reads?: readonly string[] | undefined;
  finish: string;
  serverStrings: string[];
  /** The strings the server answers with, whose wrapping by the client the elision keeps. */
  answerStrings: string[];
  /** The scenario's prompt; the face's own where none. */
  prompt?: string | undefined;
}

/** What the stand-in model says when its script is done. */
const FINISH = 'Done.';

/** The plan for a run: the named scenario's, or the handshake's where none is named. */
export const planFor = (name: string | undefined): RunPlan => {
  const scenario = runScenario(name);
  return {
    scenario,
    calls: scenario.calls,
    reads: scenario.reads,
    finish: FINISH,
    serverStrings: serverStrings(scenario),
    answerStrings: answerStrings(scenario),
    prompt: scenario.prompt,
  };
};
