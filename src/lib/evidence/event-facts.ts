/**
 * The facts a capture establishes, each with the `seq` of the event that shows it: the first method,
 * every protocol version offered in order, the capabilities and extensions declared, clientInfo,
 * User-Agent, whether HTTP headers agree with `_meta`, and a fallback with its delay. Built on the
 * site's own readers (capture-facts.ts); everything here is text a client wrote.
 */
import { isRecord } from '../mcp/json.ts';
import { metaOf, methodOf as methodName, paramsOf } from '../mcp/jsonrpc.ts';
import { headerValues, messagesFrom, messagesOf } from '../mcp/messages.ts';
import { META } from '../mcp/protocol.ts';
import type { Capture } from './capture.ts';
import { answerTo } from './capture-facts.ts';

/** A fact's evidence: the event that shows it. */
export interface At {
  seq: number;
  t: number;
}

/** The first request or notification the client sent. */
export const firstMethod = (capture: Pick<Capture, 'events'>): (At & { method: string }) | undefined => {
  const first = messagesFrom(capture, 'client').find(({ message }) => typeof message['method'] === 'string');
  return first === undefined ? undefined : { method: String(first.message['method']), seq: first.seq, t: first.t };
};

/** One protocol version offered, where and how. */
export interface Offer extends At {
  version: string;
  via: 'initialize' | '_meta' | 'MCP-Protocol-Version header';
  method: string;
}

/** Every offer of a version, in order (repeats kept: a client that re-offers shows it). */
export const versionOffers = (capture: Pick<Capture, 'events'>): Offer[] => {
  const offers: Offer[] = [];
  for (const event of capture.events) {
    if (event.from !== 'client') continue;
    const messages = messagesOf(event);
    const method = methodName(messages[0]) || ('method' in event ? `HTTP ${event.method}` : '');
    for (const version of headerValues(event, 'mcp-protocol-version')) {
      offers.push({ version, via: 'MCP-Protocol-Version header', method, seq: event.seq, t: event.t });
    }
    for (const message of messages) {
      const name = methodName(message);
      const offered = paramsOf(message)['protocolVersion'];
      if (name === 'initialize' && typeof offered === 'string')
        offers.push({ version: offered, via: 'initialize', method: name, seq: event.seq, t: event.t });
      const meta = metaOf(message)[META.protocolVersion];
      if (typeof meta === 'string') offers.push({ version: meta, via: '_meta', method: name, seq: event.seq, t: event.t });
    }
  }
  return offers;
};

/** Each distinct clientInfo the client sent, first where it appeared. */
export const clientInfos = (capture: Pick<Capture, 'events'>): (At & { via: string; info: Record<string, unknown> })[] => {
  const seen = new Set<string>();
  const found: (At & { via: string; info: Record<string, unknown> })[] = [];
  for (const { message, seq, t } of messagesFrom(capture, 'client')) {
    const fromInit = message['method'] === 'initialize' ? paramsOf(message)['clientInfo'] : undefined;
    const fromMeta = metaOf(message)[META.clientInfo];
    for (const [via, value] of [
      ['initialize', fromInit],
      ['_meta', fromMeta],
    ] as const) {
      if (!isRecord(value) || seen.has(JSON.stringify(value))) continue;
      seen.add(JSON.stringify(value));
      found.push({ via, info: value, seq, t });
    }
  }
  return found;
};

/** Each distinct User-Agent, first where it was sent. */
export const userAgents = (capture: Pick<Capture, 'events'>): (At & { agent: string })[] => {
  const found: (At & { agent: string })[] = [];
  for (const event of capture.events) {
    if (event.from !== 'client') continue;
    for (const agent of headerValues(event, 'user-agent')) {
      if (!found.some((item) => item.agent === agent)) found.push({ agent, seq: event.seq, t: event.t });
    }
  }
  return found;
};

/** An HTTP request whose `MCP-Protocol-Version` header is doubled or differs from its `_meta` version. */
export interface HeaderDisagreement extends At {
  headers: string[];
  meta: string | undefined;
}

/** HTTP requests whose version header is sent more than once, or disagrees with `_meta`; and how many agree. */
export const headerAgreement = (capture: Pick<Capture, 'events'>): { agree: number; disagree: HeaderDisagreement[] } => {
  let agree = 0;
  const disagree: HeaderDisagreement[] = [];
  for (const event of capture.events) {
    if (event.from !== 'client' || event.kind !== 'http') continue;
    const headers = headerValues(event, 'mcp-protocol-version');
    const metaVersion = messagesOf(event)
      .map((message) => metaOf(message)[META.protocolVersion])
      .find((value) => typeof value === 'string');
    const meta = typeof metaVersion === 'string' ? metaVersion : undefined;
    if (headers.length > 1 || (meta !== undefined && headers.some((value) => value !== meta))) {
      disagree.push({ headers, meta, seq: event.seq, t: event.t });
    } else if (meta !== undefined && headers.length === 1) agree += 1;
  }
  return { agree, disagree };
};

/**
 * The HTTP requests after the first `initialize` that carry no `MCP-Protocol-Version` header, which
 * 2025-06-18 and later require on every later request (2025-11-25/basic/transports.mdx:263-267).
 */
export const missingVersionHeader = (capture: Pick<Capture, 'events'>): number[] => {
  const init = messagesFrom(capture, 'client').find(({ message }) => message['method'] === 'initialize');
  if (init === undefined) return [];
  return capture.events
    .filter((event) => event.from === 'client' && event.kind === 'http' && event.seq > init.seq)
    .filter((event) => headerValues(event, 'mcp-protocol-version').length === 0)
    .map((event) => event.seq);
};

/** A fallback from a modern attempt to `initialize`, with its delay after the answer that caused it. */
export interface Fallback {
  modern: At & { method: string };
  answer: (At & { error?: number }) | undefined;
  initialize: At;
  /** Milliseconds from the answer to the modern attempt (or from the attempt, where none came) to `initialize`. */
  delayMs: number;
}

/** The first modern request followed by an `initialize`: the client fell back. */
export const fallbackOf = (capture: Pick<Capture, 'events'>): Fallback | undefined => {
  const client = messagesFrom(capture, 'client');
  const modern = client.find(
    ({ message }) => typeof metaOf(message)[META.protocolVersion] === 'string' || message['method'] === 'server/discover',
  );
  if (modern === undefined) return undefined;
  const init = client.find(({ message, seq }) => seq > modern.seq && message['method'] === 'initialize');
  if (init === undefined) return undefined;
  const reply = answerTo(capture, modern.message['id'], modern.seq);
  const error = reply !== undefined && isRecord(reply.message['error']) ? reply.message['error']['code'] : undefined;
  const from = reply !== undefined && reply.seq < init.seq ? reply : modern;
  return {
    modern: { method: String(modern.message['method']), seq: modern.seq, t: modern.t },
    answer: reply === undefined ? undefined : { seq: reply.seq, t: reply.t, ...(typeof error === 'number' ? { error } : {}) },
    initialize: { seq: init.seq, t: init.t },
    delayMs: init.t - from.t,
  };
};
