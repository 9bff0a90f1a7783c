/**
 * Anthropic Messages (`POST /v1/messages`, `?beta=true` as Claude Code sends it): the request's
 * `system`, `messages` (text, `tool_use`, `tool_result` blocks) and `tools` read into a
 * conversation; answers as one message, or as the SSE events the official SDK expects
 * (message_start, content_block_start, ping, content_block_delta, content_block_stop,
 * message_delta, message_stop).
 */
import type { Conversation, Turn } from '../model/conversation.ts';
import { isRecord } from '../../mcp/json.ts';
import { jsonWritten, listedModels, sseEvents, textOf, v1Path, type ModelApi } from './api.ts';

const blocksOf = (content: unknown): unknown[] => (Array.isArray(content) ? content : [{ type: 'text', text: textOf(content) }]);

const turnsOf = (messages: unknown[]): Turn[] =>
  messages.filter(isRecord).flatMap((message): Turn[] => {
    const blocks = blocksOf(message['content']).filter(isRecord);
    if (message['role'] === 'assistant') {
      const calls = blocks
        .filter((block) => block['type'] === 'tool_use' || block['type'] === 'server_tool_use')
        .map((block) => ({
          ...(typeof block['id'] === 'string' ? { id: block['id'] } : {}),
          name: typeof block['name'] === 'string' ? block['name'] : '',
          arguments: block['input'] ?? {},
        }));
      const text = blocks
        .filter((block) => block['type'] === 'text')
        .map(textOf)
        .join('\n');
      return [{ role: 'assistant', text, calls }];
    }
    // A user message carries tool results as blocks beside its text.
    const results = blocks.filter((block) => block['type'] === 'tool_result');
    const text = blocks
      .filter((block) => block['type'] !== 'tool_result')
      .map(textOf)
      .join('\n');
    return [
      ...(results.length > 0
        ? [{ role: 'tool' as const, text: results.map((block) => textOf(block['content'])).join('\n'), calls: [] }]
        : []),
      ...(text !== '' || results.length === 0 ? [{ role: 'user' as const, text, calls: [] }] : []),
    ];
  });

/** The JSON schema a request asks the answer to follow (`output_format`, or `output_config.format`). */
const schemaOf = (body: Record<string, unknown>): { schema: unknown } | undefined => {
  const config = isRecord(body['output_config']) ? body['output_config']['format'] : undefined;
  const format = isRecord(body['output_format']) ? body['output_format'] : config;
  return isRecord(format) && format['type'] === 'json_schema' ? { schema: format['schema'] ?? {} } : undefined;
};

const read = (body: Record<string, unknown>): Conversation | string => {
  if (!Array.isArray(body['messages'])) return 'messages: expected a list of messages';
  const tools = (Array.isArray(body['tools']) ? body['tools'] : []).filter(isRecord).flatMap((tool) =>
    typeof tool['name'] === 'string'
      ? [
          {
            name: tool['name'],
            ...(typeof tool['description'] === 'string' ? { description: tool['description'] } : {}),
            ...(tool['input_schema'] === undefined ? {} : { parameters: tool['input_schema'] }),
            ...(tool['defer_loading'] === true ? { deferred: true } : {}),
          },
        ]
      : [],
  );
  const json = schemaOf(body);
  return { system: textOf(body['system']), turns: turnsOf(body['messages']), tools, ...(json === undefined ? {} : { json }) };
};

/** Anthropic Messages, as the stand-in model answers it. */
export const anthropicMessages: ModelApi = {
  name: 'anthropic-messages',
  path: (url) =>
    v1Path('/messages')(url) ?? (v1Path('/messages/count_tokens')(url) === undefined ? undefined : { asks: 'count' }),
  models: listedModels,
  read,
  streams: (body) => body['stream'] === true,
  answer: (answer, { model, stream, serial, inputTokens }) => {
    const block =
      answer.kind === 'call'
        ? { type: 'tool_use', id: `toolu_standin_${answer.call.id}`, name: answer.call.name, input: answer.call.arguments }
        : { type: 'text', text: answer.text };
    const stop = answer.kind === 'call' ? 'tool_use' : 'end_turn';
    const usage = { input_tokens: inputTokens, output_tokens: 8 };
    const message = { id: `msg_standin_${serial}`, type: 'message', role: 'assistant', model, stop_sequence: null };
    if (!stream) return jsonWritten(200, { ...message, content: [block], stop_reason: stop, usage });
    const start = block.type === 'tool_use' ? { ...block, input: {} } : { type: 'text', text: '' };
    const delta =
      answer.kind === 'call'
        ? { type: 'input_json_delta', partial_json: JSON.stringify(answer.call.arguments) }
        : { type: 'text_delta', text: answer.text };
    return sseEvents([
      [
        'message_start',
        { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } },
      ],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: start }],
      ['ping', { type: 'ping' }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      [
        'message_delta',
        { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 8 } },
      ],
      ['message_stop', { type: 'message_stop' }],
    ]);
  },
  count: (tokens) => jsonWritten(200, { input_tokens: tokens }),
  error: (status, message) =>
    jsonWritten(status, {
      type: 'error',
      error: {
        type: status === 404 ? 'not_found_error' : status === 413 ? 'request_too_large' : 'invalid_request_error',
        message,
      },
    }),
};
