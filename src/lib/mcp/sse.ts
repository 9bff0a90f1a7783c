/**
 * Server-Sent Events as Streamable HTTP uses them (2025-11-25/basic/transports.mdx:100-130;
 * 2026-07-28/basic/transports/streamable-http.mdx:88-125): a body of events, each `event:`, `id:`
 * and `data:` lines ended by a blank line, one JSON-RPC message per event. One reader for the probe,
 * check, the site and drift, so an SSE answer is never read as "not JSON" in one place and as
 * messages in another; one writer for the probe.
 */
import { parseJson } from './json.ts';

/** One event of an SSE body: its fields as sent (data lines joined with a newline). */
export interface SseEvent {
  event?: string;
  id?: string;
  data: string;
}

/** Whether a body looks like an SSE stream rather than JSON: its first non-blank line is an SSE field. */
export const looksLikeSse = (body: string): boolean => /^\s*(?:data|event|id|retry)?:/.test(body) && !/^\s*[[{]/.test(body);

/** The events of an SSE body, in order; comments and events without data are skipped. */
export const sseEvents = (body: string): SseEvent[] => {
  const events: SseEvent[] = [];
  let data: string[] = [];
  let event: string | undefined;
  let id: string | undefined;
  const dispatch = () => {
    if (data.length > 0)
      events.push({ data: data.join('\n'), ...(event === undefined ? {} : { event }), ...(id === undefined ? {} : { id }) });
    data = [];
    event = undefined;
    id = undefined;
  };
  for (const line of body.split(/\r\n|\r|\n/)) {
    if (line === '') {
      dispatch();
      continue;
    }
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id') id = value;
  }
  dispatch();
  return events;
};

/** The JSON values an SSE body's events carry, in order (an event whose data is not JSON is left out). */
export const sseMessages = (body: string): unknown[] =>
  sseEvents(body)
    .map((event) => parseJson(event.data))
    .filter((value) => value !== undefined);

/** One SSE event carrying a JSON-RPC message, as the probe writes it. */
export const sseEvent = (message: unknown, id?: string): string =>
  `${id === undefined ? '' : `id: ${id}\n`}event: message\ndata: ${JSON.stringify(message)}\n\n`;
