/**
 * What the scenarios of Streamable HTTP sessions share (http-*.ts, one per behaviour only HTTP has):
 * a plain server with harmless tools the stand-in model calls in order, what the probe's HTTP side
 * does otherwise (src/probe/http-side.ts, the scenario's `http`), and the readers their judges
 * use: the client's HTTP requests, the probe's answers, the session ids assigned. Pure.
 * 2025-11-25/basic/transports.mdx at SPEC_COMMIT.
 */
import type { HttpRequestEvent, HttpResponseEvent } from '../../schema/capture.ts';
import { headerValues } from '../mcp/messages.ts';
import type { FeatureFact, HttpVariant, ParsedCapture, Scenario, Step, Tool } from './scenario.ts';

/** A harmless tool of a session scenario. */
const tool = (name: string): Tool => ({
  name,
  description: 'Answers with a short text. It reads and changes nothing.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
});

/** A session scenario: the tools the model calls, in order, and what the HTTP side does otherwise. */
export const httpScenario = (options: {
  name: string;
  description: string;
  tools: readonly string[];
  http?: HttpVariant;
  steps?: readonly Step[];
  judge: (capture: ParsedCapture) => FeatureFact[];
}): Scenario => ({
  name: options.name,
  description: options.description,
  revision: '2025-11-25',
  offers: { tools: options.tools.map(tool) },
  results: Object.fromEntries(
    options.tools.map((name, index) => [name, { content: [{ type: 'text', text: `cmcp-http-h${index + 1} ${name} ran` }] }]),
  ),
  calls: options.tools.map((name) => ({ tool: name, arguments: {} })),
  prompt: `Call ${options.tools.join(', then ')} on the lab server, then say done.`,
  steps: options.steps ?? [],
  ...(options.http === undefined ? {} : { http: options.http }),
  httpOnly: true,
  judge: options.judge,
});

/** The client's HTTP requests, in order. */
export const clientRequests = (capture: ParsedCapture): HttpRequestEvent[] =>
  capture.events.filter((event): event is HttpRequestEvent => event.kind === 'http' && event.from === 'client');

/** The probe's HTTP answers (an SSE stream's later parts included), in order. */
export const probeAnswers = (capture: ParsedCapture): HttpResponseEvent[] =>
  capture.events.filter((event): event is HttpResponseEvent => event.kind === 'http' && event.from === 'probe');

/** The answer the probe sent in the same tick as a request: the event right after it, where that is an HTTP answer. */
export const answerTo = (capture: ParsedCapture, request: HttpRequestEvent): HttpResponseEvent | undefined => {
  const index = capture.events.indexOf(request);
  const next = capture.events[index + 1];
  return next?.kind === 'http' && next.from === 'probe' ? next : undefined;
};

/** Every session id the server assigned, in order. */
export const assignedSessions = (capture: ParsedCapture): { id: string; seq: number }[] =>
  probeAnswers(capture).flatMap((event) => headerValues(event, 'mcp-session-id').map((id) => ({ id, seq: event.seq })));

/** How the run ended, in the runner's terms: the client exited, it was stopped at the time limit, or the record does not say. */
export const runEnd = (capture: ParsedCapture): 'exited' | 'timeout' | 'unknown' => {
  const ends = capture.events.filter((event) => event.kind === 'lifecycle' && event.event !== 'start');
  if (ends.some((event) => event.kind === 'lifecycle' && event.event === 'timeout')) return 'timeout';
  const last = ends.at(-1);
  return last?.kind === 'lifecycle' && last.event === 'closed' && /\bexit(ed)?\b/.test(last.detail ?? '') ? 'exited' : 'unknown';
};
