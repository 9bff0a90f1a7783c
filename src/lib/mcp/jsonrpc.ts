/**
 * The JSON-RPC 2.0 shapes MCP travels in. A peer's line or body is sorted into a request, a
 * notification, a response or something that is none of these, without trusting any of it; the
 * messages the probe writes are built here so every one has the same well-formed envelope.
 */
import { isRecord } from './json.ts';

/** A JSON-RPC request id: what a reply must carry back (null where the request's could not be read). */
export type RpcId = string | number | null;

/** A JSON-RPC message as a peer sent it, sorted by what it is. */
export type Incoming =
  | { kind: 'request'; id: string | number; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  | { kind: 'response'; id: RpcId; result?: Record<string, unknown>; error?: { code: unknown; message: unknown } }
  | { kind: 'batch' }
  | { kind: 'invalid'; id: RpcId; reason: string }
  | { kind: 'unparsable'; reason: string };

/** A response sorted out of `value`, where it is one (a `result` or an `error`, no `method`). */
const responseOf = (value: Record<string, unknown>, id: RpcId): Incoming | undefined => {
  if (value['method'] !== undefined || !('result' in value || 'error' in value)) return undefined;
  const result = value['result'];
  const error = value['error'];
  return {
    kind: 'response',
    id,
    ...(isRecord(result) ? { result } : {}),
    ...(isRecord(error) ? { error: { code: error['code'], message: error['message'] } } : {}),
  };
};

/** Sorts one parsed JSON value into the JSON-RPC message it is. */
export const sortMessage = (value: unknown): Incoming => {
  if (Array.isArray(value)) return { kind: 'batch' };
  if (!isRecord(value)) return { kind: 'invalid', id: null, reason: 'not a JSON object' };
  const rawId = value['id'];
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (value['jsonrpc'] !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  const response = responseOf(value, id);
  if (response !== undefined) return response;
  const method = value['method'];
  if (typeof method !== 'string') return { kind: 'invalid', id, reason: 'method must be a string' };
  const rawParams = value['params'];
  if (rawParams !== undefined && !isRecord(rawParams)) return { kind: 'invalid', id, reason: 'params must be an object' };
  const params = rawParams ?? {};
  if (!('id' in value)) return { kind: 'notification', method, params };
  if (id === null) return { kind: 'invalid', id: null, reason: 'id must be a string or a number' };
  return { kind: 'request', id, method, params };
};

/** Sorts one line or body of peer text into the JSON-RPC message it is, without trusting any of it. */
export const readIncoming = (text: string): Incoming => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'unparsable', reason: error instanceof Error ? error.message : String(error) };
  }
  return sortMessage(value);
};

/** A JSON-RPC success response. */
export const resultOf = (id: RpcId, result: Record<string, unknown>) => ({ jsonrpc: '2.0', id, result });

/** A JSON-RPC error response; `data` only where given. */
export const errorOf = (id: RpcId, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** A JSON-RPC request. */
export const requestOf = (id: string | number, method: string, params: Record<string, unknown>) => ({
  jsonrpc: '2.0',
  id,
  method,
  params,
});

/** A JSON-RPC notification. */
export const notificationOf = (method: string, params: Record<string, unknown>) => ({ jsonrpc: '2.0', method, params });

/** A JSON-RPC message the probe writes. */
export type Outgoing =
  ReturnType<typeof resultOf> | ReturnType<typeof errorOf> | ReturnType<typeof requestOf> | ReturnType<typeof notificationOf>;

/** A message's `params`, or an empty object where it has none. */
export const paramsOf = (message: Record<string, unknown>): Record<string, unknown> =>
  isRecord(message['params']) ? message['params'] : {};

/** A message's `params._meta`, or an empty object where it has none. */
export const metaOf = (message: Record<string, unknown>): Record<string, unknown> => {
  const meta = paramsOf(message)['_meta'];
  return isRecord(meta) ? meta : {};
};

/** A message's method, or '' where it has none (a response, or a method that is not text). */
export const methodOf = (message: Record<string, unknown> | undefined): string =>
  typeof message?.['method'] === 'string' ? message['method'] : '';
