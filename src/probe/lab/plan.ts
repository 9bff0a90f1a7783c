/**
 * What a run tells the stand-in model, the probe and the client: the scenario the probe plays, the
 * tool calls the model makes, the strings the server sends (which the model events keep verbatim),
 * and the prompt. A handshake run (no scenario) offers the personas' one tool and calls nothing: the
 * client's session runs to its end.
 */
import { answerStrings, requireScenario, serverStrings } from '../../lib/scenarios/index.ts';
import type { Scenario } from '../../lib/scenarios/scenario.ts';
import { probeTool } from '../personas.ts';

/** The stand-in model's turn script and what the client is told. */
export interface RunPlan {
  scenario?: Scenario | undefined;
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

/** Every string in a JSON value. */
const stringsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(stringsOf);
  return [];
};

/** What the stand-in model says when its script is done. */
const FINISH = 'Done.';

/** The probe's name in every client's configuration (a reading tool may ask for it). */
export const SERVER_NAME = 'canimcp-probe';

/** The plan for a run: a scenario's where one is named, else a handshake's. */
export const planFor = (name: string | undefined): RunPlan => {
  if (name === undefined)
    return { calls: [], finish: FINISH, serverStrings: [...new Set(stringsOf(probeTool))], answerStrings: [] };
  const scenario = requireScenario(name);
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
