/**
 * What each model API's file gives the stand-in model's server: a reader that turns the API's
 * request into the turn script's `Conversation`, and writers for its answers and errors, streamed
 * or not. One file per API (anthropic-messages.ts, openai-chat.ts, openai-responses.ts, gemini.ts).
 */
import type { Answer, Conversation } from '../model/conversation.ts';
import { isRecord } from '../../mcp/json.ts';

/** The model APIs the stand-in model answers, as a capture header's `model` names them. */
export type ModelApiName = 'anthropic-messages' | 'openai-chat' | 'openai-responses' | 'gemini';

/** An answer ready to send: its status, content type and whole body (an SSE stream is sent whole, and recorded so). */
export interface Written {
  status: number;
  contentType: string;
  body: string;
}

/** What a writer needs besides the answer. */
export interface AnswerContext {
  /** The model the request named (echoed back, as a real API does). */
  model: string;
  stream: boolean;
  /** A number unique within the stand-in model's run, for message and response ids. */
  serial: number;
  /** A rough count of the request's tokens, for `usage` fields that clients read. */
  inputTokens: number;
  /** The request itself, for options that shape the answer (`stream_options`). */
  request: Record<string, unknown>;
}

/** One model API. */
export interface ModelApi {
  name: ModelApiName;
  /** The request's conversation, or a message saying why it is not a request of this API. */
  read: (body: Record<string, unknown>) => Conversation | string;
  /** Whether the request asks for a stream (Gemini says it in the path, the others in the body). */
  streams: (body: Record<string, unknown>) => boolean;
  answer: (answer: Answer, context: AnswerContext) => Written;
  /** An error in the API's own shape. */
  error: (status: number, message: string) => Written;
}

/** A value as a list: itself where it is an array, else empty (a client's field of the wrong shape reads as nothing). */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? (value as unknown[]) : []);

/** A JSON body. */
export const jsonWritten = (status: number, value: unknown): Written => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(value),
});

/** An SSE stream of named events (`event:` then `data:`), each a JSON object. */
export const sseEvents = (events: readonly (readonly [string | undefined, unknown])[]): Written => ({
  status: 200,
  contentType: 'text/event-stream',
  body: events
    .map(
      ([event, data]) =>
        `${event === undefined ? '' : `event: ${event}\n`}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`,
    )
    .join(''),
});

/** The text of a content value: a string, or blocks with `text` (tool results, parts), joined; other blocks by their JSON. */
export const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map(textOf).join('\n');
  if (isRecord(content)) {
    if (typeof content['text'] === 'string') return content['text'];
    if ('content' in content) return textOf(content['content']);
    return JSON.stringify(content);
  }
  return content === undefined || content === null ? '' : JSON.stringify(content);
};

/** A call's arguments as an object: clients send them as an object or as JSON text. */
export const argumentsOf = (value: unknown): unknown => {
  if (typeof value !== 'string') return value ?? {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
};

/** The model name a request gave, or the stand-in's own. */
export const modelOf = (body: Record<string, unknown>): string =>
  typeof body['model'] === 'string' ? body['model'] : 'stand-in';

/** Unix seconds, for `created` fields. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);
