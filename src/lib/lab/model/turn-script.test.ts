import { describe, expect, test } from 'vitest';
import type { Answer, Conversation, OfferedTool, SeenCall, Turn } from './conversation.ts';
import { schemaInstance } from './schema-instance.ts';
import { nextAnswer, sampledText, titleText, type TurnScript } from './turn-script.ts';

const script: TurnScript = {
  calls: [
    { tool: 'echo', arguments: { text: 'hello' } },
    { tool: 'long_echo', arguments: { text: 'again' } },
  ],
  finish: 'LAB-DONE',
};
const tool = (name: string, extra: Partial<OfferedTool> = {}): OfferedTool => ({ name, ...extra });
const user = (text: string): Turn => ({ role: 'user', text, calls: [] });
const called = (...calls: SeenCall[]): Turn => ({ role: 'assistant', text: '', calls });
const result = (text: string): Turn => ({ role: 'tool', text, calls: [] });
const conversation = (tools: OfferedTool[], turns: Turn[], extra: Partial<Conversation> = {}): Conversation => ({
  system: 'You are a coding agent.',
  turns,
  tools,
  ...extra,
});

/** Plays a client: asks, takes the answer, appends the call and a result, asks again, until text comes back. */
const play = (tools: (turn: number) => OfferedTool[], resultOf: (answer: Answer) => string = () => 'ok'): Answer[] => {
  const turns: Turn[] = [user('Run the lab.')];
  const answers: Answer[] = [];
  for (let turn = 0; turn < 10; turn += 1) {
    const answer = nextAnswer(script, conversation(tools(turn), turns));
    answers.push(answer);
    if (answer.kind === 'text') return answers;
    turns.push(
      called({
        id: answer.call.id,
        name: answer.call.name,
        ...(answer.call.namespace ? { namespace: answer.call.namespace } : {}),
        arguments: answer.call.arguments,
      }),
    );
    turns.push(result(resultOf(answer)));
  }
  throw new Error('the script did not finish');
};
const summary = (answers: Answer[]) =>
  answers.map((answer) =>
    answer.kind === 'call'
      ? `${answer.reason} ${answer.call.namespace ? `${answer.call.namespace}/` : ''}${answer.call.name} ${JSON.stringify(answer.call.arguments)}`
      : `${answer.reason} ${answer.text}`,
  );

describe('the turn script calls each scenario tool under the name the client gave it', () => {
  test('as the server named it, then finishes', () => {
    expect(summary(play(() => [tool('Read'), tool('echo'), tool('long_echo')]))).toEqual([
      'call echo {"text":"hello"}',
      'call long_echo {"text":"again"}',
      'finish LAB-DONE',
    ]);
  });

  test('with a prefix: `mcp__lab__long_echo` is not taken for `echo`', () => {
    const tools = [tool('mcp__lab__long_echo'), tool('mcp__lab__echo'), tool('Bash')];
    expect(summary(play(() => tools))).toEqual([
      'call mcp__lab__echo {"text":"hello"}',
      'call mcp__lab__long_echo {"text":"again"}',
      'finish LAB-DONE',
    ]);
  });

  test("inside a namespace, as Codex offers an MCP server's tools", () => {
    const tools = [tool('shell'), tool('echo', { namespace: 'mcp__lab' }), tool('long_echo', { namespace: 'mcp__lab' })];
    expect(summary(play(() => tools))).toEqual([
      'call mcp__lab/echo {"text":"hello"}',
      'call mcp__lab/long_echo {"text":"again"}',
      'finish LAB-DONE',
    ]);
  });

  test("after Claude Code's ToolSearch with select:<full name>, found in the request's text", () => {
    const search = tool('ToolSearch', {
      parameters: { type: 'object', properties: { query: { type: 'string' }, max_results: { type: 'number' } } },
    });
    // The deferred tools become callable once searched for: the client adds them to later requests.
    let loaded: OfferedTool[] = [];
    const answers: Answer[] = [];
    const turns: Turn[] = [user('Run the lab. <deferred>mcp__lab__echo, mcp__lab__long_echo</deferred>')];
    for (let turn = 0; turn < 8; turn += 1) {
      const answer = nextAnswer(script, conversation([tool('Bash'), search, ...loaded], turns));
      answers.push(answer);
      if (answer.kind === 'text') break;
      if (answer.reason === 'search') loaded = [...loaded, tool(String(answer.call.arguments['query']).slice('select:'.length))];
      turns.push(called({ name: answer.call.name, arguments: answer.call.arguments }), result('ok'));
    }
    expect(summary(answers)).toEqual([
      'search ToolSearch {"query":"select:mcp__lab__echo"}',
      'call mcp__lab__echo {"text":"hello"}',
      'search ToolSearch {"query":"select:mcp__lab__long_echo"}',
      'call mcp__lab__long_echo {"text":"again"}',
      'finish LAB-DONE',
    ]);
  });

  test('a tool offered as deferred (defer_loading) is searched for first, by its offered name, then called', () => {
    const search = tool('ToolSearch', { parameters: { type: 'object', properties: { query: { type: 'string' } } } });
    const deferred = [tool('mcp__lab__echo', { deferred: true }), tool('mcp__lab__long_echo', { deferred: true })];
    expect(summary(play(() => [search, ...deferred]))).toEqual([
      'search ToolSearch {"query":"select:mcp__lab__echo"}',
      'call mcp__lab__echo {"text":"hello"}',
      'search ToolSearch {"query":"select:mcp__lab__long_echo"}',
      'call mcp__lab__long_echo {"text":"again"}',
      'finish LAB-DONE',
    ]);
  });

  test("through a bridge (Qwen Code's tool_search, then tool_call with the name the search returned)", () => {
    const tools = [
      tool('tool_search', { parameters: { type: 'object', properties: { query: { type: 'string' } } } }),
      tool('tool_call', {
        parameters: { type: 'object', properties: { tool_name: { type: 'string' }, args: { type: 'object' } } },
      }),
    ];
    const answers = play(
      () => tools,
      (answer) =>
        answer.kind === 'call' && answer.reason === 'search'
          ? `Found: mcp__lab__${String(answer.call.arguments['query'])}`
          : 'ok',
    );
    expect(summary(answers)).toEqual([
      'search tool_search {"query":"echo"}',
      'bridge tool_call {"tool_name":"mcp__lab__echo","args":{"text":"hello"}}',
      'search tool_search {"query":"long_echo"}',
      'bridge tool_call {"tool_name":"mcp__lab__long_echo","args":{"text":"again"}}',
      'finish LAB-DONE',
    ]);
  });

  test('a tool the client does not offer (and cannot find) is skipped, the same way on every request', () => {
    const missing: TurnScript = { calls: [{ tool: 'absent', arguments: {} }, ...script.calls], finish: 'LAB-DONE' };
    const first = nextAnswer(missing, conversation([tool('echo'), tool('long_echo')], [user('go')]));
    expect(first).toMatchObject({ kind: 'call', call: { name: 'echo' } });
    const later = nextAnswer(
      missing,
      conversation(
        [tool('echo'), tool('long_echo')],
        [
          user('go'),
          called({ name: 'echo', arguments: {} }),
          result('ok'),
          called({ name: 'nonexistent_tool', arguments: {} }),
          result('error'),
        ],
      ),
    );
    expect(later).toMatchObject({ kind: 'call', call: { name: 'long_echo', id: '3' } });
  });

  test('the same request gets the same answer: state comes from the conversation, not the stand-in model', () => {
    const request = conversation(
      [tool('echo'), tool('long_echo')],
      [user('go'), called({ name: 'echo', arguments: {} }), result('ok')],
    );
    expect(nextAnswer(script, request)).toEqual(nextAnswer(script, request));
    expect(nextAnswer(script, request)).toMatchObject({ call: { name: 'long_echo' } });
  });
});

describe('side requests and sampling get a short answer of the shape they ask for', () => {
  test('JSON under a schema: a router question gets a value the schema accepts', () => {
    const schema = {
      type: 'object',
      properties: {
        reasoning: { type: 'string' },
        model_choice: { type: 'string', enum: ['flash', 'pro'] },
        score: { type: 'integer', minimum: 3 },
      },
      required: ['reasoning', 'model_choice', 'score'],
    };
    const answer = nextAnswer(script, conversation([tool('echo')], [user('which model?')], { json: { schema } }));
    expect(answer).toEqual({
      kind: 'text',
      reason: 'json',
      text: JSON.stringify({ reasoning: 'stand-in', model_choice: 'flash', score: 3 }),
    });
  });

  test('a title request gets a title (as JSON where it asks for JSON in words)', () => {
    expect(nextAnswer(script, conversation([], [user('Write a short title for this conversation.')]))).toEqual({
      kind: 'text',
      reason: 'title',
      text: titleText,
    });
    expect(nextAnswer(script, conversation([], [user('Reply with JSON: {"title": …} naming this session.')]))).toEqual({
      kind: 'text',
      reason: 'title',
      text: JSON.stringify({ title: titleText }),
    });
  });

  test('a request without tools (a sampling request the client forwarded, a summary) gets text', () => {
    expect(nextAnswer(script, conversation([], [user('What is 2+2?')], { system: '' }))).toEqual({
      kind: 'text',
      reason: 'text',
      text: sampledText,
    });
  });
});

describe('schemaInstance', () => {
  test.each([
    [{ type: 'OBJECT', properties: { next_speaker: { type: 'STRING', enum: ['user', 'model'] } } }, { next_speaker: 'user' }],
    [{ anyOf: [{ type: 'null' }, { type: 'array', items: { type: 'number' }, minItems: 2 }] }, [0, 0]],
    [{ $ref: '#/$defs/a', $defs: { a: { const: 'fixed' } } }, 'fixed'],
    [
      {
        allOf: [
          { properties: { a: { type: 'boolean' } }, required: ['a'] },
          { properties: { b: { type: 'string', minLength: 12 } }, required: ['b'] },
        ],
      },
      { a: false, b: 'stand-inxxxx' },
    ],
    [{}, {}],
  ])('%j gets %j', (schema, value) => expect(schemaInstance(schema)).toEqual(value));
});
