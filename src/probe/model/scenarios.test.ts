/**
 * Every lab scenario through the stand-in model, with a client played in a few lines of `fetch`:
 * the client's own long system prompt around the server's instructions, its own built-in tool, the
 * server's tools under a prefix, and each result passed back as the client would (the content as
 * JSON text). The model must call the scenario's tools in order and finish, and its recorded
 * requests must hold no string over 200 characters that the server did not send.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { longString } from '../../lib/evidence/elide-model.ts';
import { isRecord } from '../../lib/mcp/json.ts';
import { scenarios, serverStrings } from '../../lib/scenarios/index.ts';
import type { Scenario } from '../../lib/scenarios/scenario.ts';
import type { ModelRecord } from '../../lib/evidence/merge.ts';
import { startStandInModel, type StandInModel } from './server.ts';

const vendorPrompt =
  'You are a terminal coding agent; this paragraph stands for the vendor prompt the capture must not republish. '.repeat(25);
const vendorTool = {
  type: 'function',
  function: {
    name: 'Bash',
    description: 'Runs a shell command in the sandbox and returns what it printed. '.repeat(10),
    parameters: { type: 'object' },
  },
};

let model: StandInModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** Every string in a JSON value, keys included. */
const stringsIn = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value)
      ? value.flatMap(stringsIn)
      : isRecord(value)
        ? Object.entries(value).flatMap(([key, item]) => [key, ...stringsIn(item)])
        : [];

/** Whether a long string is the server's text (with at most 200 characters of the client's around it), or JSON of such strings. */
const fromServer = (text: string, server: readonly string[]): boolean => {
  if (text.length <= longString) return true;
  let rest = text;
  for (const piece of [...server].sort((a, b) => b.length - a.length)) {
    if (piece.length >= 20) rest = rest.split(piece).join('').split(JSON.stringify(piece).slice(1, -1)).join('');
  }
  if (rest.length <= longString) return true;
  try {
    return stringsIn(JSON.parse(text)).every((inner) => fromServer(inner, server));
  } catch {
    return false;
  }
};

/** Plays an OpenAI Chat client through one scenario; returns the tools called (server names) and the final text. */
const play = async (scenario: Scenario, url: string) => {
  const tools = [
    vendorTool,
    ...scenario.offers.tools.map((tool) => ({
      type: 'function',
      function: { name: `lab__${tool.name}`, description: tool.description ?? '', parameters: tool.inputSchema },
    })),
  ];
  const messages: unknown[] = [
    { role: 'system', content: `${vendorPrompt}\n\n# Server instructions\n${scenario.offers.instructions ?? ''}` },
    { role: 'user', content: scenario.prompt },
  ];
  const called: string[] = [];
  for (let turn = 0; turn < 20; turn += 1) {
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'm', tools, messages }),
    });
    const answer = (await res.json()) as {
      choices: {
        message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
      }[];
    };
    const message = answer.choices[0]?.message;
    const call = message?.tool_calls?.[0];
    if (call === undefined) return { called, text: message?.content ?? '' };
    const tool = call.function.name.replace(/^lab__/, '');
    called.push(tool);
    const result = scenario.results[tool];
    messages.push(message, {
      role: 'tool',
      tool_call_id: call.id,
      content: result === undefined ? 'unknown tool' : JSON.stringify(result.content),
    });
  }
  throw new Error(`${scenario.name}: the stand-in model did not finish`);
};

describe('every lab scenario through the stand-in model (OpenAI Chat, a prefix, vendor text around the server)', () => {
  test.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    const records: ModelRecord[] = [];
    const server = serverStrings(scenario);
    model = await startStandInModel({
      script: { calls: scenario.calls, finish: 'LAB-FINISHED' },
      serverStrings: server,
      record: (event) => records.push(event),
    });
    const offered = new Set(scenario.offers.tools.map((tool) => tool.name));
    const { called, text } = await play(scenario, model.url);
    // Tools the scenario adds later (list_changed) are not offered here: the script passes over them.
    expect(called).toEqual(scenario.calls.map((call) => call.tool).filter((tool) => offered.has(tool)));
    expect(text).toBe('LAB-FINISHED');
    const requests = records.filter((record) => record.from === 'client').map((record) => JSON.parse(record.body) as unknown);
    expect(requests.length).toBe(called.length + 1);
    for (const request of requests) {
      expect(stringsIn(request).filter((string) => !fromServer(string, server))).toEqual([]);
      expect(JSON.stringify(request)).not.toContain('vendor prompt the capture');
    }
    const instructions = scenario.offers.instructions;
    if (instructions !== undefined && instructions.length >= 20) {
      // The instructions stand, escaped as in JSON, in every request: judges find them there.
      for (const record of records.filter((event) => event.from === 'client')) {
        expect(record.body).toContain(JSON.stringify(instructions).slice(1, -1));
      }
    }
  });
});
