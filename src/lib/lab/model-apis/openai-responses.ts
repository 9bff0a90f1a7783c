/**
 * OpenAI Responses (`POST /v1/responses`, as Codex sends it): `instructions`, `input` items
 * (messages, `function_call`, `function_call_output`, `custom_tool_call`…) and `tools`, where a
 * `namespace` tool holds an MCP server's tools (its name, `mcp__<server>`, goes into the call's
 * `namespace`), read into a conversation; answers as one response, or as the SSE events the SDK
 * expects, `response.created` … `response.completed`, each with its `sequence_number`.
 */
import type { Answer, Conversation, OfferedTool, Turn } from '../model/conversation.ts';
import { isRecord } from '../../mcp/json.ts';
import {
  argumentsOf,
  jsonWritten,
  listedModels,
  nowSeconds,
  sseEvents,
  textOf,
  v1Path,
  type AnswerContext,
  type ModelApi,
} from './api.ts';

const toolsOf = (tools: unknown, namespace?: string): OfferedTool[] =>
  (Array.isArray(tools) ? tools : []).filter(isRecord).flatMap((tool): OfferedTool[] => {
    if (tool['type'] === 'namespace' && typeof tool['name'] === 'string') return toolsOf(tool['tools'], tool['name']);
    const fn = isRecord(tool['function']) ? tool['function'] : tool;
    if (typeof fn['name'] !== 'string') return [];
    return [
      {
        name: fn['name'],
        ...(namespace === undefined ? {} : { namespace }),
        ...(typeof fn['description'] === 'string' ? { description: fn['description'] } : {}),
        ...(fn['parameters'] === undefined ? {} : { parameters: fn['parameters'] }),
        ...(fn['defer_loading'] === true ? { deferred: true } : {}),
      },
    ];
  });

const callTypes = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'tool_search_call']);
const outputTypes = new Set(['function_call_output', 'custom_tool_call_output', 'local_shell_call_output', 'tool_search_output']);

/** Input items become turns; consecutive calls belong to one assistant turn. */
const turnsOf = (input: unknown): Turn[] => {
  if (typeof input === 'string') return [{ role: 'user', text: input, calls: [] }];
  const turns: Turn[] = [];
  for (const item of (Array.isArray(input) ? input : []).filter(isRecord)) {
    const type = typeof item['type'] === 'string' ? item['type'] : 'message';
    if (callTypes.has(type)) {
      const call = {
        ...(typeof item['call_id'] === 'string' ? { id: item['call_id'] } : {}),
        name: typeof item['name'] === 'string' ? item['name'] : type,
        ...(typeof item['namespace'] === 'string' ? { namespace: item['namespace'] } : {}),
        arguments: argumentsOf(item['arguments'] ?? item['input']),
      };
      const last = turns.at(-1);
      if (last?.role === 'assistant') last.calls.push(call);
      else turns.push({ role: 'assistant', text: '', calls: [call] });
    } else if (outputTypes.has(type)) {
      turns.push({ role: 'tool', text: textOf(item['output']), calls: [] });
    } else if (type === 'message') {
      const role = item['role'];
      if (role === 'system' || role === 'developer') continue;
      turns.push({ role: role === 'assistant' ? 'assistant' : 'user', text: textOf(item['content']), calls: [] });
    }
  }
  return turns;
};

/** The system text: `instructions`, and system or developer messages in `input`. */
const systemOf = (body: Record<string, unknown>) =>
  [
    textOf(body['instructions']),
    ...(Array.isArray(body['input']) ? body['input'] : [])
      .filter(isRecord)
      .filter((item) => item['role'] === 'system' || item['role'] === 'developer')
      .map((item) => textOf(item['content'])),
  ]
    .filter((text) => text !== '')
    .join('\n');

const schemaOf = (body: Record<string, unknown>): { schema: unknown } | undefined => {
  const format = isRecord(body['text']) ? body['text']['format'] : undefined;
  if (!isRecord(format)) return undefined;
  if (format['type'] === 'json_object') return { schema: {} };
  return format['type'] === 'json_schema' ? { schema: format['schema'] ?? {} } : undefined;
};

const read = (body: Record<string, unknown>): Conversation | string => {
  if (body['input'] === undefined) return 'input: expected a string or a list of input items';
  const json = schemaOf(body);
  return {
    system: systemOf(body),
    turns: turnsOf(body['input']),
    tools: toolsOf(body['tools']),
    ...(json === undefined ? {} : { json }),
  };
};

/** The one output item an answer is: a function call (in its namespace) or an assistant message. */
const itemOf = (answer: Answer, serial: number) =>
  answer.kind === 'call'
    ? {
        type: 'function_call',
        id: `fc_standin_${serial}`,
        call_id: `call_standin_${answer.call.id}`,
        name: answer.call.name,
        ...(answer.call.namespace === undefined ? {} : { namespace: answer.call.namespace }),
        arguments: JSON.stringify(answer.call.arguments),
        status: 'completed',
      }
    : {
        type: 'message',
        id: `msg_standin_${serial}`,
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: answer.text, annotations: [] }],
      };

const responseOf = (context: AnswerContext, status: string, output: unknown[], text: string) => ({
  id: `resp_standin_${context.serial}`,
  object: 'response',
  created_at: nowSeconds(),
  status,
  error: null,
  incomplete_details: null,
  model: context.model,
  output,
  output_text: text,
  parallel_tool_calls: false,
  tool_choice: 'auto',
  tools: [],
  usage:
    status === 'completed'
      ? {
          input_tokens: context.inputTokens,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 8,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: context.inputTokens + 8,
        }
      : null,
});

/** The SSE events of one answer, in the order the API sends them. */
const streamOf = (answer: Answer, context: AnswerContext) => {
  const item = itemOf(answer, context.serial);
  const text = answer.kind === 'text' ? answer.text : '';
  const events: [string, Record<string, unknown>][] = [];
  const push = (type: string, data: Record<string, unknown>) =>
    events.push([type, { type, sequence_number: events.length, ...data }]);
  push('response.created', { response: responseOf(context, 'in_progress', [], '') });
  push('response.in_progress', { response: responseOf(context, 'in_progress', [], '') });
  const at = { output_index: 0, item_id: item.id };
  if (answer.kind === 'call') {
    const args = JSON.stringify(answer.call.arguments);
    push('response.output_item.added', { output_index: 0, item: { ...item, arguments: '', status: 'in_progress' } });
    push('response.function_call_arguments.delta', { ...at, delta: args });
    push('response.function_call_arguments.done', { ...at, arguments: args });
  } else {
    push('response.output_item.added', { output_index: 0, item: { ...item, content: [], status: 'in_progress' } });
    const part = { type: 'output_text', text: '', annotations: [] };
    push('response.content_part.added', { ...at, content_index: 0, part });
    push('response.output_text.delta', { ...at, content_index: 0, delta: text, logprobs: [] });
    push('response.output_text.done', { ...at, content_index: 0, text, logprobs: [] });
    push('response.content_part.done', { ...at, content_index: 0, part: { ...part, text } });
  }
  push('response.output_item.done', { output_index: 0, item });
  push('response.completed', { response: responseOf(context, 'completed', [item], text) });
  return sseEvents(events);
};

/** OpenAI Responses, as the stand-in model answers it. */
export const openaiResponses: ModelApi = {
  name: 'openai-responses',
  path: v1Path('/responses'),
  models: listedModels,
  read,
  streams: (body) => body['stream'] === true,
  answer: (answer, context) =>
    context.stream
      ? streamOf(answer, context)
      : jsonWritten(
          200,
          responseOf(context, 'completed', [itemOf(answer, context.serial)], answer.kind === 'text' ? answer.text : ''),
        ),
  error: (status, message) =>
    jsonWritten(status, {
      error: { message, type: status === 404 ? 'not_found_error' : 'invalid_request_error', param: null, code: null },
    }),
};
