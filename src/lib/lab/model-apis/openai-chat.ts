/**
 * OpenAI Chat Completions (`POST /v1/chat/completions`): `messages` (system, developer, user,
 * assistant with `tool_calls`, tool) and `tools` (`function`, and the older `functions`) read into
 * a conversation; answers as one completion, or as `chat.completion.chunk` events ending in
 * `data: [DONE]`, with a usage chunk where `stream_options.include_usage` asks for one.
 */
import type { Conversation, OfferedTool, Turn } from '../model/conversation.ts';
import { isRecord } from '../../mcp/json.ts';
import { argumentsOf, jsonWritten, listedModels, listOf, nowSeconds, sseEvents, textOf, v1Path, type ModelApi } from './api.ts';

const turnsOf = (messages: readonly Record<string, unknown>[]): Turn[] =>
  messages.flatMap((message): Turn[] => {
    const role = message['role'];
    if (role === 'system' || role === 'developer') return [];
    if (role === 'assistant') {
      const calls = (Array.isArray(message['tool_calls']) ? message['tool_calls'] : []).filter(isRecord).map((call) => {
        const fn = isRecord(call['function']) ? call['function'] : {};
        return {
          ...(typeof call['id'] === 'string' ? { id: call['id'] } : {}),
          name: typeof fn['name'] === 'string' ? fn['name'] : '',
          arguments: argumentsOf(fn['arguments']),
        };
      });
      return [{ role: 'assistant', text: textOf(message['content']), calls }];
    }
    return [{ role: role === 'tool' || role === 'function' ? 'tool' : 'user', text: textOf(message['content']), calls: [] }];
  });

const toolsOf = (body: Record<string, unknown>): OfferedTool[] => {
  const functions = [
    ...listOf(body['tools'])
      .filter(isRecord)
      .map((tool) => tool['function']),
    ...listOf(body['functions']),
  ];
  return functions.filter(isRecord).flatMap((fn) =>
    typeof fn['name'] === 'string'
      ? [
          {
            name: fn['name'],
            ...(typeof fn['description'] === 'string' ? { description: fn['description'] } : {}),
            ...(fn['parameters'] === undefined ? {} : { parameters: fn['parameters'] }),
          },
        ]
      : [],
  );
};

/** The JSON a request asks for: `response_format` as `json_schema` (with its schema) or `json_object`. */
const schemaOf = (body: Record<string, unknown>): { schema: unknown } | undefined => {
  const format = body['response_format'];
  if (!isRecord(format)) return undefined;
  if (format['type'] === 'json_object') return { schema: {} };
  if (format['type'] !== 'json_schema') return undefined;
  const spec = isRecord(format['json_schema']) ? format['json_schema'] : {};
  return { schema: spec['schema'] ?? {} };
};

const read = (body: Record<string, unknown>): Conversation | string => {
  if (!Array.isArray(body['messages'])) return 'messages: expected a list of messages';
  const messages = body['messages'].filter(isRecord);
  const system = messages
    .filter((message) => message['role'] === 'system' || message['role'] === 'developer')
    .map((message) => textOf(message['content']))
    .join('\n');
  const json = schemaOf(body);
  return { system, turns: turnsOf(messages), tools: toolsOf(body), ...(json === undefined ? {} : { json }) };
};

const includesUsage = (request: Record<string, unknown>) =>
  isRecord(request['stream_options']) && request['stream_options']['include_usage'] === true;

/** OpenAI Chat Completions, as the stand-in model answers it. */
export const openaiChat: ModelApi = {
  name: 'openai-chat',
  path: v1Path('/chat/completions'),
  models: listedModels,
  read,
  streams: (body) => body['stream'] === true,
  answer: (answer, { model, stream, serial, inputTokens, request }) => {
    const id = `chatcmpl-standin-${serial}`;
    const created = nowSeconds();
    const usage = { prompt_tokens: inputTokens, completion_tokens: 8, total_tokens: inputTokens + 8 };
    const call =
      answer.kind === 'call'
        ? {
            id: `call_standin_${answer.call.id}`,
            type: 'function',
            function: { name: answer.call.name, arguments: JSON.stringify(answer.call.arguments) },
          }
        : undefined;
    const finish = call === undefined ? 'stop' : 'tool_calls';
    if (!stream) {
      const message =
        call === undefined
          ? { role: 'assistant', content: answer.kind === 'text' ? answer.text : '', refusal: null }
          : { role: 'assistant', content: null, refusal: null, tool_calls: [call] };
      return jsonWritten(200, {
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: finish }],
        usage,
      });
    }
    const chunk = (delta: unknown, finishReason: string | null, extra: Record<string, unknown> = {}) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...extra,
    });
    const body =
      call === undefined
        ? [chunk({ role: 'assistant', content: '' }, null), chunk({ content: answer.kind === 'text' ? answer.text : '' }, null)]
        : [
            chunk(
              {
                role: 'assistant',
                content: null,
                tool_calls: [{ index: 0, ...call, function: { name: call.function.name, arguments: '' } }],
              },
              null,
            ),
            chunk({ tool_calls: [{ index: 0, function: { arguments: call.function.arguments } }] }, null),
          ];
    return sseEvents([
      ...body.map((data) => [undefined, data] as const),
      [undefined, chunk({}, finish)],
      // The usage chunk, with no choices, only where the request asked for it (as the API does).
      ...(includesUsage(request)
        ? [[undefined, { id, object: 'chat.completion.chunk', created, model, choices: [], usage }] as const]
        : []),
      [undefined, '[DONE]'],
    ]);
  },
  error: (status, message) =>
    jsonWritten(status, {
      error: { message, type: status === 404 ? 'not_found_error' : 'invalid_request_error', param: null, code: null },
    }),
};
