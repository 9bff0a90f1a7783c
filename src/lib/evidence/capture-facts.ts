/**
 * What a capture shows about the client, read from its events: the protocol versions it offered,
 * the clientInfo it declared, its User-Agent. Everything here was written by a client: it is text
 * to show, never markup or a command.
 */
import { isRecord } from '../mcp/json.ts';
import { headerValues, messagesFrom, messagesOf } from '../mcp/messages.ts';
import { META } from '../mcp/protocol.ts';
import type { Capture } from './capture.ts';

/** Every protocol version the client offered, in the order it first offered each: initialize, `_meta`, the HTTP header. */
export const offeredVersions = (capture: Pick<Capture, 'events'>): string[] => {
  const offered: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && !offered.includes(value)) offered.push(value);
  };
  for (const event of capture.events) {
    if (event.from !== 'client') continue;
    for (const value of headerValues(event, 'mcp-protocol-version')) add(value);
    for (const message of messagesOf(event)) {
      const params = isRecord(message['params']) ? message['params'] : undefined;
      if (message['method'] === 'initialize') add(params?.['protocolVersion']);
      const meta = isRecord(params?.['_meta']) ? params['_meta'] : undefined;
      add(meta?.[META.protocolVersion]);
    }
  }
  return offered;
};

/** The clientInfo a client declared, as it sent it: `{ name, version, title?, … }`. */
export type ClientInfo = Record<string, unknown>;

/** The first clientInfo the client sent (in initialize, or in a request's `_meta`). */
export const clientInfoOf = (capture: Pick<Capture, 'events'>): ClientInfo | undefined => {
  for (const event of capture.events) {
    if (event.from !== 'client') continue;
    for (const message of messagesOf(event)) {
      const params = isRecord(message['params']) ? message['params'] : undefined;
      if (message['method'] === 'initialize' && isRecord(params?.['clientInfo'])) return params['clientInfo'];
      const meta = isRecord(params?.['_meta']) ? params['_meta'] : undefined;
      const info = meta?.[META.clientInfo];
      if (isRecord(info)) return info;
    }
  }
  return undefined;
};

/** The User-Agent of the client's first HTTP request that sent one. */
export const userAgentOf = (capture: Pick<Capture, 'events'>): string | undefined => {
  for (const event of capture.events) {
    if (event.from !== 'client') continue;
    const [agent] = headerValues(event, 'user-agent');
    if (agent !== undefined) return agent;
  }
  return undefined;
};

/** A clientInfo field as text, where it is text. */
export const infoText = (info: ClientInfo | undefined, field: string): string | undefined =>
  typeof info?.[field] === 'string' ? info[field] : undefined;

/** The probe's answer to a client request: the message and the event that carried it. */
export const answerTo = (capture: Pick<Capture, 'events'>, id: unknown, after: number) =>
  messagesFrom(capture, 'probe').find(({ message, seq }) => seq > after && message['id'] === id && !('method' in message));
