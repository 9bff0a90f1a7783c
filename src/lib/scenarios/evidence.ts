/**
 * What the judges read in a capture, in their words: the client's requests by method, the client's
 * answer to a probe request by id, what it declared, how the session ended, and what reached the
 * stand-in model (`model` events, FORMAT.md). Pure; every function takes a parsed capture.
 */
import { firstDeclaredCapabilities } from '../mcp/capabilities.ts';
import { isRecord, parseJson } from '../mcp/json.ts';
import { methodOf, paramsOf } from '../mcp/jsonrpc.ts';
import { messagesFrom, type FoundMessage } from '../mcp/messages.ts';
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import { namesTool } from '../evidence/tool-names.ts';
import type { FeatureFact, ParsedCapture, Tool } from './scenario.ts';

/** A fact, built. */
export const fact = (feature: string, state: FeatureFact['state'], detail: string, seq: readonly number[] = []): FeatureFact => ({
  feature,
  state,
  detail,
  seq: [...new Set(seq)].sort((a, b) => a - b),
});

/** The client's requests (or notifications) with this method, in order. */
export const clientSent = (capture: ParsedCapture, method: string): FoundMessage[] =>
  messagesFrom(capture, 'client').filter(({ message }) => methodOf(message) === method);

/** The probe's requests (or notifications) with this method, in order. */
export const probeSent = (capture: ParsedCapture, method: string): FoundMessage[] =>
  messagesFrom(capture, 'probe').filter(({ message }) => methodOf(message) === method);

/** A response from `from` carrying this id (a result or an error, no method), after `after`. */
export const responseTo = (capture: ParsedCapture, from: 'client' | 'probe', id: unknown, after = 0): FoundMessage | undefined =>
  messagesFrom(capture, from).find(
    ({ message, seq }) =>
      seq >= after && message['id'] === id && !('method' in message) && ('result' in message || 'error' in message),
  );

/** The client's `tools/call` requests for this tool, in order. */
export const callsOf = (capture: ParsedCapture, tool: string): FoundMessage[] =>
  clientSent(capture, CLIENT_REQUEST.toolsCall).filter(({ message }) => paramsOf(message)['name'] === tool);

/** The capabilities the client first declared. */
export const declaredBy = (capture: ParsedCapture): Record<string, unknown> | undefined => firstDeclaredCapabilities(capture);

/** The last lifecycle event, where there is one: how the capture ended. */
export const ending = (capture: ParsedCapture): { event: string; detail: string; seq: number } | undefined => {
  const last = [...capture.events].reverse().find((event) => event.kind === 'lifecycle' && event.event !== 'start');
  return last?.kind === 'lifecycle' ? { event: last.event, detail: last.detail ?? '', seq: last.seq } : undefined;
};

/**
 * Whether the capture records how the run ended: its last event is a `closed`, `timeout` or `error`
 * lifecycle event. Where it is not, nothing after the last event is known, not even that the client
 * sent nothing more: the capture stops without saying when or why (FORMAT.md: the runner writes
 * `timeout` whenever it stops a client).
 */
export const recordsEnd = (capture: ParsedCapture): boolean => {
  const last = capture.events.at(-1);
  return last?.kind === 'lifecycle' && last.event !== 'start';
};

/** "the client sent nothing more", said only where the capture records the end of the run. */
export const nothingMore = (capture: ParsedCapture): string =>
  recordsEnd(capture)
    ? 'the client sent nothing more'
    : 'nothing more from the client is on the wire, and the capture records no end of the run';

/** The probe's notes that it gave up waiting for an answer (its `error` lifecycle events naming `no answer`). */
export const unanswered = (capture: ParsedCapture, id: unknown): number | undefined =>
  capture.events.find(
    (event) =>
      event.kind === 'lifecycle' &&
      event.event === 'error' &&
      (event.detail ?? '').includes(`no answer to id ${JSON.stringify(id)}`),
  )?.seq;

/** Whether the client sent anything after `seq`: the session went on. */
export const wentOnAfter = (capture: ParsedCapture, seq: number): number | undefined =>
  capture.events.find((event) => event.seq > seq && event.from === 'client' && event.kind !== 'lifecycle')?.seq;

/** One exchange with the stand-in model, read loosely: helper-independent, any event whose kind is `model`. */
export interface ModelEvent {
  seq: number;
  from: 'client' | 'probe';
  body: string;
  json: unknown;
}

/** Every `model` event, in order (`from: client` is what the client asked the model, `probe` the model's answer). */
export const modelEvents = (capture: ParsedCapture): ModelEvent[] =>
  capture.events.flatMap((event) => {
    const loose = event as unknown as { kind: string; seq: number; from: 'client' | 'probe'; body?: unknown };
    if (loose.kind !== 'model' || typeof loose.body !== 'string') return [];
    return [{ seq: loose.seq, from: loose.from, body: loose.body, json: parseJson(loose.body) }];
  });

/** The requests the client sent the model after `after`. */
export const modelRequests = (capture: ParsedCapture, after = 0): ModelEvent[] =>
  modelEvents(capture).filter((event) => event.from === 'client' && event.seq > after);

/** A string as it stands inside JSON text (escaped), so it can be found in a body without parsing it. */
const inJson = (text: string) => JSON.stringify(text).slice(1, -1);

/** The model requests after `after` whose body holds `text`. */
export const modelSaw = (capture: ParsedCapture, text: string, after = 0): number[] =>
  modelRequests(capture, after)
    .filter((event) => event.body.includes(inJson(text)))
    .map((event) => event.seq);

/**
 * One string of a JSON value with where it stood: its parent objects, the keys that led to it
 * (an elision mark's own keys left out), and whether it was an elided string's kept piece.
 */
export interface PlacedString {
  text: string;
  parent: Record<string, unknown> | undefined;
  ancestors: readonly Record<string, unknown>[];
  keys: readonly string[];
  kept: boolean;
}

/** Every string in a JSON value, with its parent objects (an elided string's `kept` pieces marked as such). */
export const stringsIn = (value: unknown): PlacedString[] => {
  const found: PlacedString[] = [];
  const walk = (node: unknown, ancestors: Record<string, unknown>[], keys: string[], kept: boolean) => {
    if (typeof node === 'string') {
      found.push({ text: node, parent: ancestors[ancestors.length - 1], ancestors, keys, kept });
      return;
    }
    if (Array.isArray(node)) {
      for (const item of node) walk(item, ancestors, keys, kept);
      return;
    }
    if (!isRecord(node)) return;
    const elided = 'elided' in node && 'sha256' in node;
    for (const [key, child] of Object.entries(node)) {
      if (elided && key === 'sha256') continue;
      walk(child, [...ancestors, node], elided ? keys : [...keys, key], kept || (elided && key === 'kept'));
    }
  };
  walk(value, [], [], false);
  return found;
};

/** Every object in a JSON value, depth first. */
export const objectsIn = (value: unknown): Record<string, unknown>[] => {
  const found: Record<string, unknown>[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (isRecord(node)) {
      found.push(node);
      Object.values(node).forEach(walk);
    }
  };
  walk(value);
  return found;
};

/** Whether a JSON value holds `text` as a whole string, or as a data URL ending in it. */
export const holdsWhole = (value: unknown, text: string): boolean =>
  stringsIn(value).some((item) => !item.kept && (item.text === text || item.text.endsWith(`;base64,${text}`)));

/** The probe's result for a client request, where it answered one. */
export const probeResult = (
  capture: ParsedCapture,
  request: FoundMessage,
): { result?: Record<string, unknown>; seq: number } | undefined => {
  const answer = responseTo(capture, 'probe', request.message['id'], request.seq);
  if (answer === undefined) return undefined;
  const result = answer.message['result'];
  return isRecord(result) ? { result, seq: answer.seq } : { seq: answer.seq };
};

/** The names of the tools a model request offers: each `name` inside its `tools` (Gemini's `functionDeclarations`, Codex's namespaces included). */
export const offeredNames = (json: unknown): string[] =>
  isRecord(json) ? objectsIn(json['tools']).flatMap((tool) => (typeof tool['name'] === 'string' ? [tool['name']] : [])) : [];

/**
 * The model requests that offered the model any of the server's tools: one of them among the
 * request's tools (under the client's name for it), or a tool's description in the request's text
 * (a client that lists its MCP tools behind a search or a bridge tool). A request that offered none
 * could not have led to a call.
 */
export const offeredServerTools = (capture: ParsedCapture, tools: readonly Tool[]): number[] =>
  modelRequests(capture)
    .filter(
      (event) =>
        offeredNames(event.json).some((name) => tools.some((tool) => namesTool(name, tool.name))) ||
        tools.some((tool) => tool.description.length >= 20 && event.body.includes(JSON.stringify(tool.description).slice(1, -1))),
    )
    .map((event) => event.seq);

/** Whether the capture has any `model` event: without one, nothing model-side can be decided. */
export const noModel = (capture: ParsedCapture): boolean => modelRequests(capture).length === 0;

/** The detail a model-side judge gives where no model event exists. */
export const NO_MODEL = 'the capture has no model events: no stand-in model answered this client';
