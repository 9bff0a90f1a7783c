/**
 * The JSON-RPC messages a capture event carries: a stdio line, an HTTP body holding one message (or
 * a batch), or an SSE body holding several. Every reader of captures (check, the site's capture
 * view, drift, the probe's facts and the scenarios' judges) reads events through this one function.
 */
import type { CaptureEvent } from '../../schema/capture.ts';
import { isRecord, parseJson } from './json.ts';
import { looksLikeSse, sseMessages } from './sse.ts';

/** A header's values by name, case ignored, in the order sent. */
export const headerValues = (event: CaptureEvent, name: string): string[] =>
  event.kind === 'http'
    ? event.headers.filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value)
    : [];

/** Whether an HTTP event's body is an SSE stream: by its Content-Type where it has one, else by its look. */
export const isSseBody = (event: CaptureEvent): boolean => {
  if (event.kind !== 'http') return false;
  const [type] = headerValues(event, 'content-type');
  if (type !== undefined) return type.toLowerCase().startsWith('text/event-stream');
  return looksLikeSse(event.body);
};

/** The JSON values one event carries, as sent (objects, arrays or anything else JSON allows). */
export const jsonValuesOf = (event: CaptureEvent): unknown[] => {
  if (event.kind === 'message') {
    const value = parseJson(event.raw);
    return value === undefined ? [] : [value];
  }
  if (event.kind !== 'http' || event.body === '') return [];
  if (isSseBody(event)) return sseMessages(event.body);
  const value = parseJson(event.body);
  return value === undefined ? [] : [value];
};

/** The JSON-RPC messages one event carries: a stdio line, an HTTP body (one message or a batch), or an SSE body's events. */
export const messagesOf = (event: CaptureEvent): Record<string, unknown>[] =>
  jsonValuesOf(event)
    .flatMap((value) => (Array.isArray(value) ? (value as unknown[]) : [value]))
    .filter(isRecord);

/** A message found in a capture, with the event that carried it. */
export interface FoundMessage {
  message: Record<string, unknown>;
  seq: number;
  t: number;
  event: CaptureEvent;
}

/** Every message one side sent, in order, with the event it came in. */
export const messagesFrom = (capture: { events: readonly CaptureEvent[] }, from: 'client' | 'probe'): FoundMessage[] =>
  capture.events
    .filter((event) => event.from === from && event.kind !== 'lifecycle')
    .flatMap((event) => messagesOf(event).map((message) => ({ message, seq: event.seq, t: event.t, event })));
