/**
 * The model-side judges on captures written through the recorder as a run writes them: the MCP
 * exchange as stdio lines, and `model` events whose bodies are hand-built requests in a model API's
 * shape, elided by the stand-in model's own elision with the scenario's server strings. A client
 * that passes everything on and one that loses each part must get exactly the facts they earn.
 */
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { elideModelBody } from '../lib/evidence/elide-model.ts';
import { decidedBy, judgeCapture, requireScenario, scenarios, serverStrings } from '../lib/scenarios/index.ts';
import { contentDir } from '../node/paths.ts';
import { isPortableToolName, type FeatureFact, type Scenario } from '../lib/scenarios/scenario.ts';
import { MARK as RESULT, PNG_1X1 } from '../lib/scenarios/tool-results.ts';
import { MARK as META, schemaChanges } from '../lib/scenarios/tool-metadata.ts';
import { captureHeader } from './header.ts';
import { CaptureRecorder } from './recorder.ts';
import { readCapture } from './read-capture.ts';

const vendorPrompt = 'You are a coding agent run by its vendor; this long paragraph stands for its own system prompt. '.repeat(6);

/** The ids of the feature files whose `scenario` names this one, sorted. */
const namedBy = (name: string): string[] => {
  const folder = path.join(contentDir(), 'features');
  return readdirSync(folder)
    .filter((file) => new RegExp(`^scenario: ${name}$`, 'm').test(readFileSync(path.join(folder, file), 'utf8')))
    .map((file) => file.replace(/\.md$/, ''))
    .sort();
};

/** A capture of `scenario` written through the recorder: `build` records its events. */
const recorded = (
  scenario: Scenario,
  build: (recorder: CaptureRecorder, line: (from: 'client' | 'probe', message: unknown) => void) => void,
) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'judges-'));
  const file = path.join(dir, 'capture.jsonl');
  const header = captureHeader(
    { client: 'typescript-sdk', version: '0.0.0', path: 'sdk' },
    'stdio',
    'observe',
    new Date(),
    scenario.name,
  );
  const recorder = new CaptureRecorder(() => ({ fd: openSync(file, 'wx'), file }), header, 1024 * 1024);
  recorder.lifecycle('start', 'stdio');
  build(recorder, (from, message) => recorder.message(from, JSON.stringify(message)));
  recorder.lifecycle('closed', 'the client closed standard input');
  recorder.close();
  const { capture, problems } = readCapture(file, new Set(['typescript-sdk']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return capture;
};

/** The client asks the stand-in model, as Anthropic Messages: its body elided as the stand-in model elides it. */
const askModel = (recorder: CaptureRecorder, scenario: Scenario, body: unknown) =>
  recorder.model({
    from: 'client',
    method: 'POST',
    target: '/v1/messages?beta=true',
    headers: [
      ['content-type', 'application/json'],
      ['x-api-key', 'secret'],
    ],
    body: elideModelBody(JSON.stringify(body), serverStrings(scenario)),
  });

/** The stand-in model's answer: a tool_use of `tool`. */
const modelCalls = (recorder: CaptureRecorder, tool: string) =>
  recorder.model({
    from: 'probe',
    status: 200,
    headers: [['content-type', 'application/json']],
    body: JSON.stringify({ content: [{ type: 'tool_use', id: 't1', name: `mcp__lab__${tool}`, input: {} }] }),
  });

/** The MCP handshake, then each call with the scenario's own result, then `after` (what the client sends the model). */
const session = (
  scenario: Scenario,
  after: (recorder: CaptureRecorder) => void,
  calls = scenario.calls.map((call) => call.tool),
) =>
  recorded(scenario, (recorder, line) => {
    line('client', {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    line('probe', {
      jsonrpc: '2.0',
      id: 0,
      result: {
        protocolVersion: '2025-11-25',
        capabilities: { tools: {} },
        serverInfo: { name: 'canimcp-probe', version: '0' },
        instructions: scenario.offers.instructions,
      },
    });
    line('client', { jsonrpc: '2.0', method: 'notifications/initialized' });
    calls.forEach((tool, index) => {
      modelCalls(recorder, tool);
      line('client', { jsonrpc: '2.0', id: index + 1, method: 'tools/call', params: { name: tool, arguments: {} } });
      line('probe', { jsonrpc: '2.0', id: index + 1, result: scenario.results[tool] });
    });
    after(recorder);
  });

const states = (facts: FeatureFact[]) => Object.fromEntries(facts.map((item) => [item.feature, item.state]));

describe('tool-results, judged from model events', () => {
  const scenario = requireScenario('tool-results');
  const result = (tool: string) => scenario.results[tool];

  test('a client that passes every block on as the API has it gets yes for each', () => {
    const capture = session(scenario, (recorder) =>
      askModel(recorder, scenario, {
        system: [{ type: 'text', text: `${vendorPrompt}\n${scenario.offers.instructions ?? ''}` }],
        messages: [
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'a',
                content: [
                  { type: 'text', text: `${RESULT.text} the reading as text` },
                  { type: 'text', text: JSON.stringify(result('get_reading')?.structuredContent) },
                ],
              },
            ],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'b',
                content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 } }],
              },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'c', content: [{ type: 'text', text: `Resource link: ${RESULT.link}` }] },
            ],
          },
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'd', content: [{ type: 'text', text: `${RESULT.embedded} embedded text` }] },
            ],
          },
          {
            role: 'user',
            content: [
              {
                type: 'tool_result',
                tool_use_id: 'e',
                is_error: true,
                content: [{ type: 'text', text: `${RESULT.error} no item has that name` }],
              },
            ],
          },
        ],
      }),
    );
    expect(capture.events.some((event) => event.kind === 'model' && event.headers.some(([, value]) => value === 'secret'))).toBe(
      false,
    );
    expect(states(judgeCapture(capture))).toMatchObject(
      Object.fromEntries(decidedBy(scenario).map((feature) => [feature, 'yes'])),
    );
  });

  test('a client that loses each part gets no for it, and not-observed where nothing after the call reached the model', () => {
    const capture = session(scenario, (recorder) =>
      askModel(recorder, scenario, {
        system: vendorPrompt,
        messages: [
          {
            role: 'user',
            content: [
              { type: 'tool_result', tool_use_id: 'a', content: JSON.stringify(result('get_reading')?.structuredContent) },
            ],
          },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'b', content: JSON.stringify(result('get_image')?.content) }],
          },
          { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'c', content: '[resource]' }] },
          {
            role: 'user',
            content: [{ type: 'tool_result', tool_use_id: 'e', content: `${RESULT.error} no item has that name` }],
          },
        ],
      }),
    );
    expect(states(judgeCapture(capture))).toMatchObject({
      'tools.call': 'yes',
      'lifecycle.instructions': 'no',
      'tools.result.structuredContent': 'yes',
      'tools.result.structuredContent.textFallback': 'no',
      'tools.result.content.image': 'no',
      'tools.result.content.resource_link': 'no',
      'tools.result.content.resource': 'no',
      'tools.result.isError': 'no',
    });
    const early = session(scenario, () => undefined);
    expect(states(judgeCapture(early))['tools.result.content.image']).toBe('not-observed');
  });
});

describe('tool-metadata, judged from model events', () => {
  const scenario = requireScenario('tool-metadata');
  const [lookup] = scenario.offers.tools;

  test('a definition passed on whole gives yes; a rewritten schema gives no with what changed; the hints decide what ran', () => {
    const faithful = session(
      scenario,
      (recorder) => {
        askModel(recorder, scenario, {
          system: vendorPrompt,
          tools: [
            {
              name: 'mcp__lab__lookup_record',
              description: `${lookup?.title ?? ''}: ${lookup?.description ?? ''}`,
              input_schema: lookup?.inputSchema,
            },
          ],
          messages: [{ role: 'user', content: 'go' }],
        });
        modelCalls(recorder, 'delete_record');
      },
      ['lookup_record'],
    );
    expect(states(judgeCapture(faithful))).toMatchObject({
      'tools.inputSchema.unchanged': 'yes',
      'tools.title.toModel': 'yes',
      'tools.outputSchema.toModel': 'no',
      'tools.annotations': 'yes',
    });
    const gemini = structuredClone(lookup?.inputSchema ?? {}) as {
      properties: { key: Record<string, unknown> };
      additionalProperties?: unknown;
      type: string;
    };
    delete gemini.properties.key['pattern'];
    delete gemini.additionalProperties;
    gemini.type = 'OBJECT';
    const rewritten = session(scenario, (recorder) =>
      askModel(recorder, scenario, {
        tools: [
          {
            functionDeclarations: [
              { name: 'lookup_record', description: `${lookup?.description ?? ''} Output: ${META.output}`, parameters: gemini },
            ],
          },
        ],
      }),
    );
    const facts = judgeCapture(rewritten);
    expect(states(facts)).toMatchObject({
      'tools.inputSchema.unchanged': 'no',
      'tools.title.toModel': 'no',
      'tools.outputSchema.toModel': 'yes',
      'tools.annotations': 'not-observed',
    });
    expect(facts.find((item) => item.feature === 'tools.inputSchema.unchanged')?.detail).toBe(
      'the inputSchema reached the model changed: changed /type, dropped /properties/key/pattern, dropped /additionalProperties',
    );
    expect(schemaChanges({ a: 1 }, { a: 1, b: 2 })).toEqual(['added /b']);
  });
});

describe('the registry', () => {
  test('names are unique, tool names portable to every client, every call offered or added, and every decided feature judged', () => {
    expect(new Set(scenarios.map((scenario) => scenario.name)).size).toBe(scenarios.length);
    for (const scenario of scenarios) {
      const offered = [
        ...scenario.offers.tools,
        ...scenario.steps.flatMap((step) => step.actions.flatMap((action) => ('addTools' in action ? action.addTools : []))),
      ].map((tool) => tool.name);
      // long-tool-names exists to pass the model APIs' 64 characters; its names are portable otherwise.
      const portable = scenario.name === 'long-tool-names' ? offered.map((name) => name.slice(0, 40)) : offered;
      expect(portable.every(isPortableToolName), scenario.name).toBe(true);
      expect(
        scenario.calls.every((call) => offered.includes(call.tool) && scenario.results[call.tool] !== undefined),
        scenario.name,
      ).toBe(true);
      const empty = recorded(scenario, () => undefined);
      expect(
        scenario
          .judge(empty)
          .map((item) => item.feature)
          .sort(),
        scenario.name,
      ).toEqual(decidedBy(scenario).sort());
      // Every feature that names this scenario (content/features/<id>.md's `scenario`, the one place
      // the mapping is written) is one its judge decides (FORMAT.md: a feature's `scenario`).
      expect(decidedBy(scenario), scenario.name).toEqual(expect.arrayContaining(namedBy(scenario.name)));
      // And every feature it decides has a file, or its facts reach no cell (http-redirect's did not).
      expect(
        decidedBy(scenario).filter((feature) => !existsSync(path.join(contentDir(), 'features', `${feature}.md`))),
        scenario.name,
      ).toEqual([]);
      // A capture where nothing happened decides nothing: never no for lack of evidence.
      expect(
        scenario
          .judge(empty)
          .every((item) => item.state === 'not-observed' || item.detail.startsWith('the client did not declare')),
      ).toBe(true);
      for (const text of serverStrings(scenario)) expect(text.length).toBeGreaterThan(0);
    }
    const results = requireScenario('tool-results');
    expect(serverStrings(results)).toEqual(
      expect.arrayContaining([results.offers.instructions, PNG_1X1, RESULT.link, '{"reading":"cmcp-struct-v9"}', 'get_reading']),
    );
    expect(() => requireScenario('nope')).toThrow(/--scenario: expected one of tool-results, /);
  });
});
