import { request as httpRequest } from 'node:http';
import { gzipSync, zstdCompressSync } from 'node:zlib';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { CaptureEvent } from '../../schema/capture.ts';
import type { ModelRecord } from '../../lib/evidence/merge.ts';
import { startStandInModel, type StandInModel, type StandInModelOptions } from './server.ts';

const instructions =
  'LAB-INSTRUCTIONS: call echo, then long_echo, and report LAB-MARK-51 exactly as the tools return it. '.repeat(3);
const script = {
  calls: [
    { tool: 'echo', arguments: { text: 'hello' } },
    { tool: 'long_echo', arguments: { text: 'again' } },
  ],
  finish: 'LAB-DONE',
};
const serverStrings = [instructions, 'echo', 'long_echo', 'LAB-RESULT-51: the echo came back.'];

const anyNumber: unknown = expect.any(Number);
let model: StandInModel | undefined;
let records: ModelRecord[] = [];
afterEach(async () => {
  await model?.close();
  model = undefined;
});
const start = async (extra: Partial<StandInModelOptions> = {}) => {
  records = [];
  model = await startStandInModel({ script, serverStrings, record: (event) => records.push(event), ...extra });
  return model.url;
};
const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

/** An SSE body's events: `[event name or undefined, data text]`, in order. */
const sse = (text: string) =>
  text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const lines = block.split(/\r?\n/);
      const name = lines.find((line) => line.startsWith('event: '))?.slice(7);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      return [name, data] as const;
    });

describe('Anthropic Messages', () => {
  const search = {
    name: 'ToolSearch',
    description: 'Load deferred tools: "select:<name>".',
    input_schema: { type: 'object', properties: { query: { type: 'string' } } },
  };
  const echo = {
    name: 'mcp__lab__echo',
    description: 'echo',
    input_schema: { type: 'object', properties: { text: { type: 'string' } } },
  };
  const first = [{ role: 'user', content: 'Run the lab. Deferred: mcp__lab__echo, mcp__lab__long_echo' }];

  test('a tool-search step, streamed as the SDK expects: message_start … message_stop', async () => {
    const url = await start();
    const res = await post(
      `${url}/v1/messages?beta=true`,
      { model: 'claude-x', stream: true, system: [{ type: 'text', text: instructions }], tools: [search], messages: first },
      { 'x-api-key': 'sk-ant-secret' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    const events = sse(text);
    expect(events.map(([name]) => name)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(events.every(([name, data]) => (JSON.parse(data) as { type: string }).type === name)).toBe(true);
    const [, blockStart] = events[1] ?? [];
    const [, delta] = events[3] ?? [];
    expect(JSON.parse(blockStart ?? '')).toMatchObject({ content_block: { type: 'tool_use', name: 'ToolSearch', input: {} } });
    expect(JSON.parse((JSON.parse(delta ?? '') as { delta: { partial_json: string } }).delta.partial_json)).toEqual({
      query: 'select:mcp__lab__echo',
    });
    expect(JSON.parse(events[5]?.[1] ?? '')).toMatchObject({ delta: { stop_reason: 'tool_use' } });
    // Recorded: the request (its key redacted), then the answer as the full stream.
    expect(records.map((record) => `${record.from} ${record.method ?? record.status} ${record.target ?? ''}`)).toEqual([
      'client POST /v1/messages?beta=true',
      'probe 200 ',
    ]);
    expect(records[0]?.headers).toContainEqual(['x-api-key', '<redacted>']);
    expect(records[1]?.body).toBe(text);
  });

  test('then the deferred tool by its full name, then the finishing text (not streamed)', async () => {
    const url = await start();
    const searched = [
      ...first,
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'ToolSearch', input: { query: 'select:mcp__lab__echo' } }],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'tool_reference', tool_name: 'mcp__lab__echo' }] },
        ],
      },
    ];
    const call = (await (
      await post(`${url}/v1/messages`, { model: 'm', tools: [search, echo], messages: searched })
    ).json()) as Record<string, unknown>;
    expect(call).toMatchObject({
      type: 'message',
      role: 'assistant',
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', name: 'mcp__lab__echo', input: { text: 'hello' } }],
    });
    const done = [
      ...searched,
      { role: 'assistant', content: call['content'] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'x', content: 'LAB-RESULT-51: the echo came back.' }] },
      {
        role: 'assistant',
        content: [{ type: 'tool_use', id: 'toolu_3', name: 'ToolSearch', input: { query: 'select:mcp__lab__long_echo' } }],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_3', content: 'no match' }] },
    ];
    // long_echo was searched for and never loaded: skipped, and the script finishes.
    const finish = (await (
      await post(`${url}/v1/messages`, { model: 'm', tools: [search, echo], messages: done })
    ).json()) as Record<string, unknown>;
    expect(finish).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'LAB-DONE' }] });
  });

  test('side requests: a title without tools, a JSON schema, count_tokens, the model list', async () => {
    const url = await start();
    const title = (await (
      await post(`${url}/v1/messages`, { model: 'm', system: 'Write a title for the session.', messages: first })
    ).json()) as { content: { text: string }[] };
    expect(title.content[0]?.text).toBe('Stand-in lab session');
    const schema = { type: 'object', properties: { isNewTopic: { type: 'boolean' } }, required: ['isNewTopic'] };
    const json = (await (
      await post(`${url}/v1/messages`, {
        model: 'm',
        tools: [echo],
        messages: first,
        output_format: { type: 'json_schema', schema },
      })
    ).json()) as { content: { text: string }[] };
    expect(JSON.parse(json.content[0]?.text ?? '')).toEqual({ isNewTopic: false });
    expect(await (await post(`${url}/v1/messages/count_tokens`, { model: 'm', messages: first })).json()).toMatchObject({
      input_tokens: anyNumber,
    });
    expect(await (await fetch(`${url}/v1/models`)).json()).toMatchObject({ data: [{ id: 'stand-in', type: 'model' }] });
  });
});

describe('OpenAI Chat Completions', () => {
  const tools = ['lab__echo', 'lab__long_echo'].map((name) => ({
    type: 'function',
    function: { name, parameters: { type: 'object' } },
  }));

  test('a prefixed tool, streamed as chunks ending in data: [DONE]', async () => {
    const url = await start();
    const res = await post(
      `${url}/v1/chat/completions`,
      {
        model: 'gpt',
        stream: true,
        stream_options: { include_usage: true },
        tools,
        messages: [
          { role: 'system', content: instructions },
          { role: 'user', content: 'go' },
        ],
      },
      { authorization: 'Bearer sk-secret' },
    );
    const events = sse(await res.text());
    expect(events.at(-1)).toEqual([undefined, '[DONE]']);
    const chunks = events.slice(0, -1).map(
      ([, data]) =>
        JSON.parse(data) as {
          object: string;
          choices: {
            delta: { tool_calls?: { function: { name?: string; arguments: string } }[] };
            finish_reason: string | null;
          }[];
          usage?: unknown;
        },
    );
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk')).toBe(true);
    const calls = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));
    expect(calls[0]?.function.name).toBe('lab__echo');
    expect(JSON.parse(calls.map((call) => call.function.arguments).join(''))).toEqual({ text: 'hello' });
    expect(chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason)).filter(Boolean)).toEqual([
      'tool_calls',
    ]);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: anyNumber } });
    expect(records[0]?.headers).toContainEqual(['authorization', '<redacted>']);
  });

  test('not streamed: the next tool after a result, then the finish, then a JSON-schema side request', async () => {
    const url = await start();
    const messages = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'lab__echo', arguments: '{"text":"hello"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'LAB-RESULT-51: the echo came back.' },
    ];
    const next = (await (await post(`${url}/v1/chat/completions`, { model: 'gpt', tools, messages })).json()) as {
      object: string;
      choices: { message: { tool_calls: { function: { name: string } }[] }; finish_reason: string }[];
    };
    expect(next).toMatchObject({
      object: 'chat.completion',
      choices: [
        {
          finish_reason: 'tool_calls',
          message: { tool_calls: [{ type: 'function', function: { name: 'lab__long_echo', arguments: '{"text":"again"}' } }] },
        },
      ],
    });
    const all = [
      ...messages,
      {
        role: 'assistant',
        tool_calls: [{ id: 'call_2', type: 'function', function: { name: 'lab__long_echo', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_2', content: 'ok' },
    ];
    expect(await (await post(`${url}/chat/completions`, { model: 'gpt', tools, messages: all })).json()).toMatchObject({
      choices: [{ finish_reason: 'stop', message: { content: 'LAB-DONE' } }],
    });
    const routed = (await (
      await post(`${url}/v1/chat/completions`, {
        model: 'gpt',
        messages,
        response_format: {
          type: 'json_schema',
          json_schema: {
            name: 'r',
            schema: { type: 'object', properties: { route: { enum: ['a', 'b'] } }, required: ['route'] },
          },
        },
      })
    ).json()) as { choices: { message: { content: string } }[] };
    expect(JSON.parse(routed.choices[0]?.message.content ?? '')).toEqual({ route: 'a' });
  });
});

describe('OpenAI Responses', () => {
  const namespace = {
    type: 'namespace',
    name: 'mcp__lab',
    description: 'lab',
    tools: [
      { type: 'function', name: 'echo', parameters: { type: 'object' } },
      { type: 'function', name: 'long_echo', parameters: { type: 'object' } },
    ],
  };

  test("a tool inside Codex's namespace, streamed: response.created … response.completed", async () => {
    const url = await start();
    const res = await post(`${url}/v1/responses`, {
      model: 'gpt-5',
      stream: true,
      instructions,
      tools: [{ type: 'function', name: 'shell' }, namespace],
      input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'go' }] }],
    });
    const events = sse(await res.text());
    const data = events.map(([name, text]) => ({ name, value: JSON.parse(text) as Record<string, unknown> }));
    expect(data.map((event) => event.name)).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(data.map((event) => event.value['type'])).toEqual(data.map((event) => event.name));
    expect(data.map((event) => event.value['sequence_number'])).toEqual(data.map((_, index) => index));
    expect(data.at(-1)?.value).toMatchObject({
      response: {
        status: 'completed',
        output: [{ type: 'function_call', namespace: 'mcp__lab', name: 'echo', arguments: '{"text":"hello"}' }],
        usage: { total_tokens: anyNumber },
      },
    });
  });

  test('not streamed: after both calls and their outputs, the finishing message', async () => {
    const url = await start();
    const input = [
      { role: 'user', content: 'go' },
      { type: 'function_call', call_id: 'c1', namespace: 'mcp__lab', name: 'echo', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'LAB-RESULT-51: the echo came back.' },
      { type: 'function_call', call_id: 'c2', namespace: 'mcp__lab', name: 'long_echo', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c2', output: [{ type: 'input_text', text: 'ok' }] },
    ];
    expect(await (await post(`${url}/v1/responses`, { model: 'gpt-5', tools: [namespace], input })).json()).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'LAB-DONE' }] }],
      output_text: 'LAB-DONE',
    });
  });
});

describe('Gemini', () => {
  const tools = [
    { functionDeclarations: [{ name: 'mcp_lab_echo', parametersJsonSchema: { type: 'object' } }, { name: 'mcp_lab_long_echo' }] },
  ];
  const contents = [{ role: 'user', parts: [{ text: 'go' }] }];

  test('generateContent, streamGenerateContent as SSE and as a JSON array, countTokens, a router schema', async () => {
    const url = await start();
    const one: unknown = await (
      await post(`${url}/v1beta/models/gemini-x:generateContent?key=AIza-secret`, {
        contents,
        tools,
        systemInstruction: { parts: [{ text: instructions }] },
      })
    ).json();
    expect(one).toMatchObject({
      candidates: [
        {
          content: { role: 'model', parts: [{ functionCall: { name: 'mcp_lab_echo', args: { text: 'hello' } } }] },
          finishReason: 'STOP',
        },
      ],
      modelVersion: 'gemini-x',
    });
    expect(records[0]?.target).toBe('/v1beta/models/gemini-x:generateContent?key=<redacted>');
    const later = [
      ...contents,
      { role: 'model', parts: [{ functionCall: { name: 'mcp_lab_echo', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'mcp_lab_echo', response: { output: 'ok' } } }] },
    ];
    const streamed = sse(
      await (await post(`${url}/v1beta/models/gemini-x:streamGenerateContent?alt=sse`, { contents: later, tools })).text(),
    );
    expect(streamed).toHaveLength(1);
    expect(JSON.parse(streamed[0]?.[1] ?? '')).toMatchObject({
      candidates: [{ content: { parts: [{ functionCall: { name: 'mcp_lab_long_echo' } }] } }],
    });
    const array: unknown = await (await post(`${url}/v1beta/models/gemini-x:streamGenerateContent`, { contents, tools })).json();
    expect(array).toMatchObject([{ candidates: [{ content: { parts: [{ functionCall: { name: 'mcp_lab_echo' } }] } }] }]);
    expect(await (await post(`${url}/v1beta/models/gemini-x:countTokens`, { contents })).json()).toMatchObject({
      totalTokens: anyNumber,
    });
    const router = (await (
      await post(`${url}/v1beta/models/flash:generateContent`, {
        contents,
        generationConfig: {
          responseMimeType: 'application/json',
          responseJsonSchema: {
            type: 'object',
            properties: { model_choice: { type: 'string', enum: ['flash', 'pro'] } },
            required: ['model_choice'],
          },
        },
      })
    ).json()) as { candidates: { content: { parts: { text: string }[] } }[] };
    expect(JSON.parse(router.candidates[0]?.content.parts[0]?.text ?? '')).toEqual({ model_choice: 'flash' });
    expect(await (await fetch(`${url}/v1beta/models`)).json()).toMatchObject({ models: [{ name: 'models/stand-in' }] });
  });
});

describe('bad input is recorded or refused, never a crash or a hang', () => {
  test('not JSON: 400 in the API shape, both sides recorded', async () => {
    const url = await start();
    const res = await fetch(`${url}/v1/chat/completions`, { method: 'POST', body: '{not json' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { type: 'invalid_request_error' } });
    expect(records.map((record) => [record.from, record.body.slice(0, 9)])).toEqual([
      ['client', '{not json'],
      ['probe', '{"error":'],
    ]);
  });

  test('several megabytes: 413 past the limit, recorded without the bytes, and the next request is answered', async () => {
    const url = await start({ limits: { maxBodyBytes: 1024 * 1024 } });
    const huge = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x'.repeat(3 * 1024 * 1024) }] });
    const status = await fetch(`${url}/v1/messages`, { method: 'POST', body: huge }).then(
      (res) => res.status,
      () => 'reset',
    );
    expect([413, 'reset']).toContain(status);
    expect(records.map((record) => [record.from, record.status, record.body.length])).toEqual([
      ['client', undefined, 0],
      ['probe', 413, anyNumber],
    ]);
    expect((await post(`${url}/v1/messages`, { model: 'm', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(200);
  });

  test('a compressed body (gzip, zstd) is read and recorded as text; an encoding it cannot read gets 400', async () => {
    const url = await start();
    const body = JSON.stringify({ model: 'm', input: 'go', tools: [{ type: 'function', name: 'echo' }] });
    for (const [encoding, bytes] of [
      ['gzip', gzipSync(body)],
      ['zstd', zstdCompressSync(body)],
    ] as const) {
      const res = await fetch(`${url}/v1/responses`, { method: 'POST', headers: { 'content-encoding': encoding }, body: bytes });
      expect(await res.json()).toMatchObject({ output: [{ type: 'function_call', name: 'echo' }] });
    }
    expect(records.filter((record) => record.from === 'client').map((record) => record.body)).toEqual([body, body]);
    expect(
      (await fetch(`${url}/v1/responses`, { method: 'POST', headers: { 'content-encoding': 'compress' }, body })).status,
    ).toBe(400);
    expect((await fetch(`${url}/v1/responses`, { method: 'POST', headers: { 'content-encoding': 'gzip' }, body })).status).toBe(
      400,
    );
  });

  test('an unknown path: 404, recorded', async () => {
    const url = await start();
    expect((await post(`${url}/v2/complete`, {})).status).toBe(404);
    expect(records.map((record) => record.status ?? record.target)).toEqual(['/v2/complete', 404]);
  });

  test('a body cut short by the client is recorded as far as it came; one that never ends gets 408 at the limit', async () => {
    const url = new URL(await start({ limits: { maxRequestMs: 300 } }));
    await new Promise<void>((resolve) => {
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: '/v1/messages',
        headers: { 'content-length': '1000' },
      });
      req.on('error', () => resolve());
      req.write('{"model":"m","mess', () => setTimeout(() => req.destroy(), 50));
      req.on('close', () => resolve());
    });
    // The record is written once the server sees the request end: wait for it, not for a set time.
    await vi.waitFor(() => expect(records).toMatchObject([{ from: 'client', body: '{"model":"m","mess' }]));
    const started = Date.now();
    const status = await new Promise<number | undefined>((resolve) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, method: 'POST', path: '/v1/messages', headers: { 'content-length': '1000' } },
        (res) => resolve(res.statusCode),
      );
      req.on('error', () => resolve(undefined));
      req.write('{"never":');
    });
    expect(status).toBe(408);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(records.at(-1)).toMatchObject({ from: 'probe', status: 408 });
  });

  test('a client that stops reading a stream midway leaves the stand-in model answering the next', async () => {
    const url = await start();
    const abort = new AbortController();
    const res = await post(`${url}/v1/responses`, {
      model: 'm',
      stream: true,
      input: 'go',
      tools: [{ type: 'function', name: 'echo' }],
    });
    const reader = res.body?.getReader();
    await reader?.read();
    abort.abort();
    await reader?.cancel();
    expect((await post(`${url}/v1/responses`, { model: 'm', input: 'go' })).status).toBe(200);
  });

  test('a tool the server does not have, in the script or in the conversation, is passed over', async () => {
    const url = await start({ script: { calls: [{ tool: 'absent', arguments: {} }, ...script.calls], finish: 'LAB-DONE' } });
    const messages = [
      { role: 'user', content: 'go' },
      {
        role: 'assistant',
        tool_calls: [{ id: 'c', type: 'function', function: { name: 'no_such_tool', arguments: 'not json' } }],
      },
      { role: 'tool', tool_call_id: 'c', content: 'unknown tool' },
    ];
    const tools = [{ type: 'function', function: { name: 'echo' } }];
    expect(await (await post(`${url}/v1/chat/completions`, { model: 'm', tools, messages })).json()).toMatchObject({
      choices: [{ message: { tool_calls: [{ function: { name: 'echo' } }] } }],
    });
  });

  test('a body nested deeper than any walk, and a recorder that throws, still get answers', async () => {
    const url = await start({
      record: () => {
        throw new Error('recorder failed');
      },
    });
    const deep = `{"model":"m","messages":[{"role":"user","content":${'['.repeat(20_000)}${']'.repeat(20_000)}}]}`;
    expect((await fetch(`${url}/v1/chat/completions`, { method: 'POST', body: deep })).status).toBeLessThan(600);
    expect((await post(`${url}/v1/chat/completions`, { model: 'm', messages: [{ role: 'user', content: 'hi' }] })).status).toBe(
      200,
    );
  });

  test('a request whose fields have the wrong shapes gets an answer, not a crash', async () => {
    const url = await start();
    const odd = {
      model: 5,
      stream: 'yes',
      tools: [null, { name: 7 }, { type: 'namespace', tools: 'x' }],
      messages: [null, { role: 'user', content: [null, 3, { type: 'tool_result' }] }],
      input: [null, { type: 'function_call' }],
    };
    for (const path of ['/v1/messages', '/v1/chat/completions', '/v1/responses', '/v1beta/models/x:generateContent']) {
      expect((await post(`${url}${path}`, odd)).status).toBeLessThan(500);
    }
    expect((await post(`${url}/v1beta/models/x:generateContent`, { contents: 'x' })).status).toBe(400);
  });
});

describe('what the stand-in model records', () => {
  test("every event is a valid capture line, and a request's long vendor text is elided, the server's kept", async () => {
    const url = await start();
    const vendorPrompt = 'This is the vendor prompt of a client, which the capture must not republish. '.repeat(30);
    await post(`${url}/v1/messages`, {
      model: 'm',
      system: [{ type: 'text', text: `${vendorPrompt}\n${instructions}` }],
      tools: [{ name: 'mcp__lab__echo', description: 'echo', input_schema: { type: 'object' } }],
      messages: [{ role: 'user', content: 'go' }],
    });
    const lines = records.map((record, index) => ({ seq: index + 1, t: index, kind: 'model', ...record, at: undefined }));
    for (const line of lines) expect(CaptureEvent.safeParse(JSON.parse(JSON.stringify(line))).success).toBe(true);
    const body = records[0]?.body ?? '';
    expect(body).not.toContain('vendor prompt');
    expect(JSON.parse(body)).toMatchObject({
      system: [
        {
          text: {
            elided: vendorPrompt.length + 1 + instructions.length,
            kept: [{ at: vendorPrompt.length + 1, text: instructions }],
          },
        },
      ],
    });
  });
});
