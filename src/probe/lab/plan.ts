/**
 * What a run tells the stand-in model and the client: the tool calls the model makes, the strings
 * the server sends (which the model events keep verbatim), and the prompt. A handshake run (no
 * scenario) offers the personas' one tool and calls nothing: the client's session runs to its end.
 */
import { probeTool } from '../personas.ts';

/** The stand-in model's turn script and what the client is told. */
export interface RunPlan {
  scenario?: string | undefined;
  calls: readonly { tool: string; arguments: Record<string, unknown> }[];
  finish: string;
  serverStrings: string[];
  /** The scenario's prompt; the face's own where none. */
  prompt?: string | undefined;
}

/** Every string in a JSON value, keys included. */
const stringsOf = (value: unknown): string[] => {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
};

/** The plan for a run: a scenario's where one is named, else a handshake's. */
export const planFor = (scenario: string | undefined): RunPlan => {
  if (scenario !== undefined) throw new Error(`--scenario ${scenario}: this branch has no scenarios yet`);
  return { calls: [], finish: 'Done.', serverStrings: [...new Set(stringsOf(probeTool))] };
};
