/**
 * The JSON-RPC 2.0 shapes the probe reads and writes. A client's line is sorted into a request, a
 * notification, a response or something that is none of these; the probe's answers are built here so
 * every persona writes the same well-formed envelope.
 */

/** A JSON-RPC request id: what a reply must carry back (null where the request's could not be read). */
export type RpcId = string | number | null;

/** A JSON-RPC message as a client sent it, sorted by what it is. */
export type Incoming =
  | { kind: 'request'; id: string | number; method: string; params: Record<string, unknown> }
  | { kind: 'notification'; method: string; params: Record<string, unknown> }
  | { kind: 'response' }
  | { kind: 'batch' }
  | { kind: 'invalid'; id: RpcId; reason: string }
  | { kind: 'unparsable'; reason: string };

/** Whether a value is a plain JSON object. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sorts one line or body of client text into the JSON-RPC message it is, without trusting any of it. */
export const readIncoming = (text: string): Incoming => {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { kind: 'unparsable', reason: error instanceof Error ? error.message : String(error) };
  }
  if (Array.isArray(value)) return { kind: 'batch' };
  if (!isRecord(value)) return { kind: 'invalid', id: null, reason: 'not a JSON object' };
  const rawId = value['id'];
  const id = typeof rawId === 'string' || typeof rawId === 'number' ? rawId : null;
  if (value['jsonrpc'] !== '2.0') return { kind: 'invalid', id, reason: 'jsonrpc must be "2.0"' };
  const method = value['method'];
  if (method === undefined && ('result' in value || 'error' in value)) return { kind: 'response' };
  if (typeof method !== 'string') return { kind: 'invalid', id, reason: 'method must be a string' };
  const rawParams = value['params'];
  if (rawParams !== undefined && !isRecord(rawParams)) return { kind: 'invalid', id, reason: 'params must be an object' };
  const params = rawParams ?? {};
  if (!('id' in value)) return { kind: 'notification', method, params };
  if (id === null) return { kind: 'invalid', id: null, reason: 'id must be a string or a number' };
  return { kind: 'request', id, method, params };
};

/** A JSON-RPC success response. */
export const resultOf = (id: RpcId, result: Record<string, unknown>) => ({ jsonrpc: '2.0', id, result });

/** A JSON-RPC error response; `data` only where given. */
export const errorOf = (id: RpcId, code: number, message: string, data?: unknown) => ({
  jsonrpc: '2.0',
  id,
  error: data === undefined ? { code, message } : { code, message, data },
});

/** A JSON-RPC message the probe writes. */
export type Outgoing = ReturnType<typeof resultOf> | ReturnType<typeof errorOf>;
