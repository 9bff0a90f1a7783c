/**
 * What each model API's file gives the stand-in model's server: the paths it serves, a reader that
 * turns the API's request into the turn script's `Conversation`, and writers for its answers, token
 * counts, model listings and errors, streamed or not. One file per API (anthropic-messages.ts,
 * openai-chat.ts, openai-responses.ts, gemini.ts), gathered by index.ts; the server
 * (src/probe/model/server.ts) knows none of them by name.
 */
import type { modelApis } from '../../../schema/capture.ts';
import type { Answer, Conversation } from '../model/conversation.ts';
import { isRecord } from '../../mcp/json.ts';

/** The model APIs the stand-in model answers, as a capture header's `model` names them. */
export type ModelApiName = (typeof modelApis)[number];

/** What a request's path asks of an API. */
export interface ApiPath {
  /** `generate`: an answer from the turn script; `count`: the request's tokens counted. */
  asks: 'generate' | 'count';
  /** The model the path names, where the API names it there (Gemini) rather than in the body. */
  model?: string;
  /** Whether the path asks for a stream, where the API says it there (Gemini) rather than in the body. */
  stream?: boolean;
  /** False where a stream goes as one JSON array of answers rather than as SSE (Gemini without `alt=sse`). */
  sse?: boolean;
}

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
  /** What the request's path asked. */
  path: ApiPath;
}

/** One model API. */
export interface ModelApi {
  name: ModelApiName;
  /** What a POST to this path asks of this API; undefined where the path is not this API's. */
  path: (url: URL) => ApiPath | undefined;
  /** The answer to a GET of a path that lists this API's models; undefined where the path does not. */
  models: (pathname: string) => Written | undefined;
  /** The request's conversation, or a message saying why it is not a request of this API. */
  read: (body: Record<string, unknown>) => Conversation | string;
  /** Whether the body asks for a stream, where the path does not say (ApiPath.stream). */
  streams: (body: Record<string, unknown>) => boolean;
  answer: (answer: Answer, context: AnswerContext) => Written;
  /** The answer to a token count, where the API has one. */
  count?: (tokens: number) => Written;
  /** An error in the API's own shape. */
  error: (status: number, message: string) => Written;
}

/** The model the stand-in offers in its listings. */
export const MODEL_ID = 'stand-in';

/** A POST path under an optional `/v1` (base URLs differ between clients), as `generate`. */
export const v1Path =
  (pattern: string) =>
  (url: URL): ApiPath | undefined =>
    new RegExp(`^(?:/v1)?${pattern}$`).test(url.pathname) ? { asks: 'generate' } : undefined;

const modelEntry = (id: string) => ({
  id,
  object: 'model',
  type: 'model',
  display_name: 'canimcp stand-in model',
  created: nowSeconds(),
  created_at: new Date().toISOString(),
  owned_by: 'canimcp',
});

/**
 * The listing of the one model at `/models` and `/models/<id>` (under an optional `/v1`), in a
 * shape both OpenAI's and Anthropic's clients read.
 */
export const listedModels = (pathname: string): Written | undefined => {
  if (/^(?:\/v1)?\/models$/.test(pathname))
    return jsonWritten(200, {
      object: 'list',
      data: [modelEntry(MODEL_ID)],
      has_more: false,
      first_id: MODEL_ID,
      last_id: MODEL_ID,
    });
  const one = /^(?:\/v1)?\/models\/([^/]+)$/.exec(pathname);
  return one === null ? undefined : jsonWritten(200, modelEntry(decodeURIComponent(one[1] ?? MODEL_ID)));
};

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
