/**
 * How a client used its transport, whatever scenario (or none) followed: on stdio, one JSON-RPC
 * message per line and nothing else (2025-11-25/basic/transports.mdx:22-34; no `Content-Length`
 * framing); on Streamable HTTP, every message a POST that accepts JSON and SSE, with the client
 * going on after a JSON or SSE answer and after a 202 (2025-11-25/basic/transports.mdx:86-104,
 * 137-139), the session id echoed once a server assigned one (195-215), and on a 2026-07-28
 * request the `Mcp-Method` and `Mcp-Name` headers (2026-07-28/basic/transports/streamable-http.mdx:
 * 286-300). All read at SPEC_COMMIT (src/lib/mcp/protocol.ts). Pure; called for every capture.
 */
import type { CaptureEvent, HttpRequestEvent, HttpResponseEvent } from '../../schema/capture.ts';
import { acceptedTypes, decodeSentinel, MCP_HEADER, MEDIA_TYPE, NAMED_METHODS } from '../mcp/headers.ts';
import { metaOf, methodOf, paramsOf, readIncoming } from '../mcp/jsonrpc.ts';
import { headerValues, isSseBody, messagesOf, type FoundMessage } from '../mcp/messages.ts';
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import { META } from '../mcp/protocol.ts';
import { fact } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/** The client's HTTP requests, in order. */
const httpRequests = (capture: ParsedCapture): HttpRequestEvent[] =>
  capture.events.filter((event): event is HttpRequestEvent => event.kind === 'http' && event.from === 'client');

/** The probe's HTTP responses (an SSE stream's later parts included), in order. */
const httpResponses = (capture: ParsedCapture): HttpResponseEvent[] =>
  capture.events.filter((event): event is HttpResponseEvent => event.kind === 'http' && event.from === 'probe');

/** A line of LSP-style framing (`Content-Length: 160`) or the blank line after it, `\r` included. */
const isFramingLine = (raw: string) => /^content-length:\s*\d+\s*$/i.test(raw) || raw.trim() === '';

/** transports.stdio: every line the client wrote was one JSON-RPC message. */
export const stdioFact = (capture: ParsedCapture): FeatureFact | undefined => {
  const feature = 'transports.stdio';
  if (capture.header.transport !== 'stdio') return undefined;
  const lines = capture.events.filter((event) => event.from === 'client' && event.kind === 'message');
  if (lines.length === 0) return undefined;
  const bad = lines.filter((event) => event.kind === 'message' && readIncoming(event.raw).kind === 'unparsable');
  if (bad.length === 0)
    return fact(feature, 'yes', `each of the ${lines.length} line(s) the client wrote was one JSON-RPC message`, [
      lines[0]?.seq ?? 0,
    ]);
  const framing = bad.filter((event) => event.kind === 'message' && isFramingLine(event.raw));
  const what =
    framing.length === bad.length
      ? `${bad.length} line(s) were Content-Length framing, not messages`
      : `${bad.length} line(s) were not JSON messages${framing.length > 0 ? `, ${framing.length} of them Content-Length framing` : ''}`;
  const good = lines.length - bad.length;
  return fact(
    feature,
    good === 0 ? 'no' : 'partial',
    `of ${lines.length} line(s) the client wrote, ${what}${good === 0 ? '' : `; the other ${good} were JSON-RPC messages`}`,
    bad.slice(0, 5).map(({ seq }) => seq),
  );
};

/** Whether a client event carries a JSON-RPC request (a method and an id). */
const carriesRequest = (event: CaptureEvent) => messagesOf(event).some((message) => methodOf(message) !== '' && 'id' in message);

/** Whether the probe's response event answers a request (a result or an error with an id), as JSON or as an SSE stream. */
const answerKind = (event: HttpResponseEvent): 'json' | 'sse' | undefined => {
  const answers = messagesOf(event).some((message) => !('method' in message) && ('result' in message || 'error' in message));
  if (!answers) return undefined;
  return isSseBody(event) ? 'sse' : 'json';
};

/** The client's requests that a probe response answers (by id), as method and params, for telling a retry from a new request. */
const answeredRequests = (capture: ParsedCapture, response: HttpResponseEvent): string[] => {
  const ids = messagesOf(response)
    .filter((message) => !('method' in message) && ('result' in message || 'error' in message))
    .map((message) => message['id']);
  return httpRequests(capture)
    .filter((event) => event.seq < response.seq)
    .flatMap((event) => messagesOf(event))
    .filter((message) => methodOf(message) !== '' && ids.includes(message['id']))
    .map(requestKey);
};

/** A request as a retry would repeat it: its method and its params. */
const requestKey = (message: Record<string, unknown>): string => `${methodOf(message)} ${JSON.stringify(paramsOf(message))}`;

/**
 * Whether the client read an answer: after it, it sent a message that is not the answered request
 * again (a client that could not read the stream asks again, or stops). A call retried with
 * `inputResponses`, or another call, is a new request.
 */
const readAfter = (capture: ParsedCapture, response: HttpResponseEvent): number | undefined => {
  const asked = answeredRequests(capture, response);
  const sentOn = httpRequests(capture).find(
    (event) =>
      event.seq > response.seq &&
      event.method === 'POST' &&
      messagesOf(event).some((message) => methodOf(message) === '' || !asked.includes(requestKey(message))),
  )?.seq;
  return sentOn ?? quotedToModel(capture, response);
};

/**
 * The first model request after an answer that quotes a text of its result: an answer to the
 * session's last call is read when its text reaches the model, though no MCP request follows it.
 */
const quotedToModel = (capture: ParsedCapture, response: HttpResponseEvent): number | undefined => {
  const texts = messagesOf(response)
    .flatMap((message): unknown[] => {
      const content = (message['result'] as { content?: unknown } | undefined)?.content;
      return Array.isArray(content) ? (content as unknown[]) : [];
    })
    .flatMap((part: unknown) => {
      const text = (part as { text?: unknown } | null)?.text;
      return typeof text === 'string' && text.length >= 8 ? [text, JSON.stringify(text).slice(1, -1)] : [];
    });
  if (texts.length === 0) return undefined;
  return capture.events.find(
    (event) =>
      event.seq > response.seq &&
      event.kind === 'model' &&
      event.from === 'client' &&
      texts.some((text) => event.body.includes(text)),
  )?.seq;
};

/**
 * How the lab's runner opens the error event it records where the client's own set-up command (its
 * `mcp add`) refused the HTTP server, before any session: the judge below reads it as a no.
 */
export const SETUP_REFUSED = "the client's set-up command refused the lab's HTTP server:";

/**
 * transports.streamableHttp: POSTs that accept JSON and SSE, and a client that read an answer sent
 * as an SSE stream (2025-11-25/basic/transports.mdx:86-104: a server may answer any request either
 * way). The probe answers at least one request of every run as a stream; a capture with no SSE
 * answer cannot show that the client reads one, whatever it did with JSON.
 */
export const streamableHttpFact = (capture: ParsedCapture): FeatureFact | undefined => {
  const feature = 'transports.streamableHttp';
  if (capture.header.transport !== 'http') return undefined;
  const sent = httpRequests(capture);
  const posts = sent.filter((event) => event.method === 'POST');
  if (posts.length === 0) {
    if (sent.length > 0)
      return fact(feature, 'no', `the client sent ${sent.length} HTTP request(s), none a POST`, [sent[0]?.seq ?? 0]);
    const refusal = capture.events.flatMap((event) =>
      event.kind === 'lifecycle' && event.event === 'error' && event.detail?.startsWith(SETUP_REFUSED) === true
        ? [{ seq: event.seq, words: event.detail.slice(SETUP_REFUSED.length).trim() }]
        : [],
    )[0];
    if (refusal !== undefined)
      return fact(feature, 'no', `the client's own command refused to add the server by its URL: ${refusal.words}`, [
        refusal.seq,
      ]);
    // A session that ran to its normal end and talked to the model, but never to the server it was
    // given by URL, shows a client that does not connect to it (Codex 0.44.0 with a `url` server).
    const asked = capture.events.filter((event) => event.kind === 'model' && event.from === 'client');
    const end = capture.events.at(-1);
    const normal = end?.kind === 'lifecycle' && end.event === 'closed' && /\(exit 0\)$/.test(end.detail ?? '');
    return asked.length === 0 || !normal
      ? undefined
      : fact(
          feature,
          'no',
          `the client's session ran to its end (exit 0) and asked the model ${asked.length} time(s), but sent no request to the MCP server it was given by URL`,
          [asked[0]?.seq ?? 0, end.seq],
        );
  }
  const badPosts = posts.filter((event) => {
    const types = headerValues(event, 'accept').flatMap(acceptedTypes);
    return !types.includes(MEDIA_TYPE.json) || !types.includes(MEDIA_TYPE.sse);
  });
  // Only a GET of the MCP endpoint (where the POSTs went) opens a stream; a metadata lookup beside it does not.
  const endpoints = new Set(posts.map((event) => event.target));
  const badGets = sent.filter(
    (event) =>
      event.method === 'GET' &&
      endpoints.has(event.target) &&
      !headerValues(event, 'accept').flatMap(acceptedTypes).includes(MEDIA_TYPE.sse),
  );
  const answers = httpResponses(capture);
  const streamed = answers.filter((event) => answerKind(event) === 'sse');
  const read = streamed.flatMap((event) => {
    const next = readAfter(capture, event);
    return next === undefined ? [] : [{ answer: event.seq, next }];
  });
  const wentOnJson = answers.some((event) => answerKind(event) === 'json' && readAfter(capture, event) !== undefined);
  const headers =
    badPosts.length + badGets.length === 0
      ? `every POST's Accept listed ${MEDIA_TYPE.json} and ${MEDIA_TYPE.sse}`
      : [
          ...(badPosts.length > 0
            ? [
                `${badPosts.length} of ${posts.length} POST(s) did not list both ${MEDIA_TYPE.json} and ${MEDIA_TYPE.sse} in Accept`,
              ]
            : []),
          ...(badGets.length > 0 ? [`${badGets.length} GET(s) did not list ${MEDIA_TYPE.sse} in Accept`] : []),
        ].join(', ');
  const bad = [...badPosts, ...badGets].map(({ seq }) => seq);
  if (bad.length > 0) return fact(feature, badPosts.length === posts.length ? 'no' : 'partial', headers, bad.slice(0, 5));
  if (streamed.length === 0)
    return fact(
      feature,
      'not-observed',
      `${headers}; the probe answered no request as an SSE stream, so whether the client reads one cannot be seen${wentOnJson ? ' (it went on after JSON answers)' : ''}`,
      [posts[0]?.seq ?? 0],
    );
  const [first] = read;
  if (first === undefined)
    return fact(
      feature,
      'no',
      `${headers}; after the probe's SSE answer the client sent nothing but the same request again`,
      streamed.slice(0, 5).map(({ seq }) => seq),
    );
  return fact(
    feature,
    'yes',
    `${headers}; the client read an answer sent as an SSE stream and went on${wentOnJson ? ', as it did after JSON answers' : ''}`,
    [first.answer, first.next],
  );
};

/** Whether a client HTTP event starts a session: its body is an `initialize` request. */
const isInitialize = (event: CaptureEvent) =>
  messagesOf(event).some((message) => methodOf(message) === CLIENT_REQUEST.initialize);

/** transports.streamableHttp.sessionId: once the server assigned an Mcp-Session-Id, every later request carried it. */
export const sessionIdFact = (capture: ParsedCapture): FeatureFact | undefined => {
  const feature = 'transports.streamableHttp.sessionId';
  if (capture.header.transport !== 'http') return undefined;
  let current: { id: string; seq: number } | undefined;
  let assigned: number | undefined;
  const good: number[] = [];
  const bad: number[] = [];
  for (const event of capture.events) {
    if (event.kind !== 'http') continue;
    if (event.from === 'probe') {
      const [id] = headerValues(event, MCP_HEADER.sessionId);
      if (id !== undefined) {
        current = { id, seq: event.seq };
        assigned ??= event.seq;
      }
      // A 404 ends the session (2025-11-25/basic/transports.mdx:205-211): the client starts another without an id.
      if (event.status === 404) current = undefined;
      continue;
    }
    // A new initialize starts a new session, which goes without an id until the server assigns one.
    if (isInitialize(event)) {
      current = undefined;
      continue;
    }
    if (current === undefined) continue;
    const sent = headerValues(event, MCP_HEADER.sessionId);
    (sent.length === 1 && sent[0] === current.id ? good : bad).push(event.seq);
    // A DELETE ends the session it names: what follows belongs to the next one.
    if (event.method === 'DELETE') current = undefined;
  }
  if (assigned === undefined) return undefined;
  if (good.length + bad.length === 0)
    return fact(feature, 'not-observed', 'the server assigned an Mcp-Session-Id, and the client sent no request after it', [
      assigned,
    ]);
  if (bad.length === 0)
    return fact(feature, 'yes', `all ${good.length} request(s) after the server assigned an Mcp-Session-Id carried it`, [
      assigned,
      ...good.slice(0, 4),
    ]);
  if (good.length === 0)
    return fact(feature, 'no', `none of ${bad.length} request(s) after the server assigned an Mcp-Session-Id carried it`, [
      assigned,
      ...bad.slice(0, 4),
    ]);
  return fact(
    feature,
    'partial',
    `${bad.length} of ${good.length + bad.length} request(s) after the server assigned an Mcp-Session-Id lacked it`,
    [assigned, ...bad.slice(0, 4)],
  );
};

/** A 2026-07-28 request: `server/discover`, or one carrying a per-request version in `_meta`. */
const isModernRequest = (message: Record<string, unknown>) =>
  methodOf(message) !== '' &&
  'id' in message &&
  (methodOf(message) === CLIENT_REQUEST.discover || typeof metaOf(message)[META.protocolVersion] === 'string');

/** What a 2026-07-28 request's standard headers lack, or nothing where they are right. */
const headerProblem = (event: CaptureEvent, message: Record<string, unknown>): string | undefined => {
  const method = methodOf(message);
  const methods = headerValues(event, MCP_HEADER.method);
  if (methods.length === 0) return `${method} without Mcp-Method`;
  if (methods.length > 1 || methods[0] !== method) return `${method} with Mcp-Method ${JSON.stringify(methods.join(', '))}`;
  const field = NAMED_METHODS[method];
  if (field === undefined) return undefined;
  const target = paramsOf(message)[field];
  const names = headerValues(event, MCP_HEADER.name).map(decodeSentinel);
  if (names.length === 0) return `${method} without Mcp-Name`;
  if (names.length > 1 || names[0] !== target) return `${method} with Mcp-Name ${JSON.stringify(names.join(', '))}`;
  return undefined;
};

/** transports.streamableHttp.standardHeaders: every 2026-07-28 request carried Mcp-Method, and a call, read or get Mcp-Name. */
export const standardHeadersFact = (capture: ParsedCapture): FeatureFact | undefined => {
  const feature = 'transports.streamableHttp.standardHeaders';
  if (capture.header.transport !== 'http') return undefined;
  const modern: FoundMessage[] = httpRequests(capture)
    .filter((event) => event.method === 'POST' && carriesRequest(event))
    .flatMap((event) =>
      messagesOf(event)
        .filter(isModernRequest)
        .map((message) => ({ message, seq: event.seq, t: event.t, event })),
    );
  if (modern.length === 0) return undefined;
  const problems = modern.flatMap((item) => {
    const problem = headerProblem(item.event, item.message);
    return problem === undefined ? [] : [{ seq: item.seq, problem }];
  });
  const named = modern.filter(({ message }) => NAMED_METHODS[methodOf(message)] !== undefined).length;
  if (problems.length === 0)
    return fact(
      feature,
      'yes',
      `all ${modern.length} 2026-07-28 request(s) carried Mcp-Method${named > 0 ? `, and the ${named} naming a tool, prompt or resource Mcp-Name` : ''}`,
      modern.slice(0, 5).map(({ seq }) => seq),
    );
  const listed = problems
    .slice(0, 3)
    .map(({ problem }) => problem)
    .join('; ');
  return fact(
    feature,
    problems.length === modern.length ? 'no' : 'partial',
    `${problems.length} of ${modern.length} 2026-07-28 request(s) lacked a matching header (${listed})`,
    problems.slice(0, 5).map(({ seq }) => seq),
  );
};

/** The transport facts of any capture: only those it can speak to. */
export const transportFacts = (capture: ParsedCapture): FeatureFact[] =>
  [stdioFact(capture), streamableHttpFact(capture), sessionIdFact(capture), standardHeadersFact(capture)].filter(
    (item) => item !== undefined,
  );
