/**
 * The probe's Streamable HTTP face at `http://127.0.0.1:<port>/mcp`, bound to loopback only. Each
 * request is recorded as it arrived (method, target, headers in order and case, body as text), then
 * answered by the persona as JSON or as an SSE stream, and the response is recorded as Node sent it.
 * A foreign `Host` or `Origin` is refused with 403 and recorded; a body past the limit, a body cut
 * short, a request that never finishes and a flood are each recorded and refused.
 * Rules cite docs/specification/ of modelcontextprotocol/modelcontextprotocol at SPEC_COMMIT.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorOf, readIncoming, type Outgoing } from '../lib/mcp/jsonrpc.ts';
import { sseEvent } from '../lib/mcp/sse.ts';
import type { Limits } from '../lib/lab/limits.ts';
import { decodeLine } from './lines.ts';
import type { Persona } from '../lib/lab/personas/index.ts';
import type { CaptureRecorder, HeaderList } from './recorder.ts';
import { LabSession, type Channel } from '../lib/lab/session.ts';
import type { Scenario } from '../lib/scenarios/scenario.ts';

/** How the probe replies to a request over HTTP: one JSON body, or an SSE stream (both allowed). */
export type ReplyStyle = 'json' | 'sse';

/** What an HTTP run needs. */
export interface HttpOptions {
  persona: Persona;
  recorder: CaptureRecorder;
  limits: Limits;
  /** 0 picks a free port. */
  port: number;
  replyAs: ReplyStyle;
  /** The scenario the probe plays: one session of it per legacy session, and one for stateless requests. */
  scenario: Scenario;
}

/** Why an HTTP run ended. */
export type HttpEnd = 'timeout' | 'limit' | 'full' | 'signal';

/** A running HTTP capture. */
export interface HttpRun {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  url: string;
  port: number;
  done: Promise<HttpEnd>;
  stop: (reason: string) => void;
}

/** The only address the probe listens on (streamable-http.mdx:63-64: bind only to localhost). */
const LOOPBACK = '127.0.0.1';
/** The MCP endpoint's path. */
export const MCP_PATH = '/mcp';

const pairsOf = (raw: readonly string[]): [string, string][] => {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index] ?? '', raw[index + 1] ?? '']);
  return pairs;
};

const valuesOf = (headers: HeaderList, name: string) =>
  headers.filter(([key]) => key.toLowerCase() === name).map(([, value]) => value);

/** The headers Node wrote for a response, parsed from its header block; what was set where it is not readable. */
const sentHeaders = (res: ServerResponse, fallback: HeaderList): HeaderList => {
  const block = (res as unknown as { _header?: unknown })._header;
  if (typeof block !== 'string') return fallback;
  return block
    .split('\r\n')
    .slice(1)
    .filter((line) => line !== '')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1).trim()] as const;
    });
};

/**
 * Whether a request comes from this machine's own pages: `Host` must name the probe's loopback
 * address, and an `Origin`, where sent, must too. Anything else is a DNS-rebinding attempt
 * (streamable-http.mdx:58-62; 2025-11-25/basic/transports.mdx:78-79).
 */
const foreignOrigin = (headers: HeaderList, port: number): string | undefined => {
  const allowed = [`${LOOPBACK}:${port}`, `localhost:${port}`];
  const hosts = valuesOf(headers, 'host');
  if (hosts.length !== 1 || !allowed.includes((hosts[0] ?? '').toLowerCase())) return `Host ${JSON.stringify(hosts.join(', '))}`;
  const origins = valuesOf(headers, 'origin');
  const bad = origins.find((origin) => !allowed.map((host) => `http://${host}`).includes(origin.toLowerCase()));
  return bad === undefined ? undefined : `Origin ${JSON.stringify(bad)}`;
};

/** Serves Streamable HTTP on loopback until a limit, the time limit or `stop`. */
export const serveHttp = async ({ persona, recorder, limits, port, replyAs, scenario }: HttpOptions): Promise<HttpRun> => {
  /** Legacy sessions by `Mcp-Session-Id`, each knowing the revision its `initialize` settled. */
  const sessions = new Map<string, LabSession>();
  /** Every session started, ended with the run: the legacy ones, and the one for stateless requests. */
  const started = new Set<LabSession>();
  const startSession = () => {
    const session = new LabSession(persona, scenario, recorder, limits);
    started.add(session);
    return session;
  };
  let stateless: LabSession | undefined;
  /** Each legacy session's standalone GET stream, while one is open (2025-11-25/basic/transports.mdx:135-160). */
  const standalone = new Map<string, Channel>();
  /** Who waits for a session's GET stream to open. */
  const streamWaiters = new Map<string, ((channel: Channel | undefined) => void)[]>();
  const openStreams = new Set<ServerResponse>();
  let requests = 0;
  let ended = false;
  let settle: (end: HttpEnd) => void = () => undefined;
  const done = new Promise<HttpEnd>((resolve) => (settle = resolve));
  let listeningPort = port;

  const respond = (res: ServerResponse, status: number, headers: [string, string][], body: string) => {
    const all: [string, string][] = [...headers, ['Content-Length', String(Buffer.byteLength(body))]];
    res.writeHead(status, all.flat());
    res.end(body);
    recorder.response(status, sentHeaders(res, all), body);
  };
  const json = (res: ServerResponse, status: number, message: unknown, extra: [string, string][] = []) =>
    respond(res, status, [['Content-Type', 'application/json'], ...extra], JSON.stringify(message));

  /**
   * An SSE stream held open: its head is sent (and recorded) at once, each message is one event,
   * recorded as its own response event with no headers, as it was written, so a capture shows
   * when each was sent even where the stream never ends.
   */
  const openSse = (res: ServerResponse, extra: [string, string][] = []) => {
    const headers: [string, string][] = [
      ['Content-Type', 'text/event-stream'],
      ['Cache-Control', 'no-cache'],
      ['X-Accel-Buffering', 'no'],
      ...extra,
    ];
    res.writeHead(200, headers.flat());
    res.flushHeaders();
    recorder.response(200, sentHeaders(res, headers), '');
    openStreams.add(res);
    res.on('close', () => openStreams.delete(res));
    let serial = 0;
    const channel: Channel = {
      send: (message: Outgoing) => {
        if (ended || res.writableEnded || res.destroyed) return false;
        serial += 1;
        const chunk = sseEvent(message, String(serial));
        res.write(chunk);
        recorder.response(200, [], chunk);
        return true;
      },
    };
    return {
      channel,
      end: () => {
        openStreams.delete(res);
        if (!res.writableEnded) res.end();
      },
    };
  };

  /** The standalone stream of a session once it is open, waiting at most the request limit for the client to open it. */
  const streamOf = (sessionId: string): Promise<Channel | undefined> => {
    const open = standalone.get(sessionId);
    if (open !== undefined) return Promise.resolve(open);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        streamWaiters.set(
          sessionId,
          (streamWaiters.get(sessionId) ?? []).filter((item) => item !== settle),
        );
        resolve(undefined);
      }, limits.maxRequestMs);
      timer.unref();
      const settle = (channel: Channel | undefined) => {
        clearTimeout(timer);
        resolve(channel);
      };
      streamWaiters.set(sessionId, [...(streamWaiters.get(sessionId) ?? []), settle]);
    });
  };

  /** A channel that sends on the session's standalone stream, once the client has opened it. */
  const standaloneChannel = (sessionId: string): Channel => ({
    send: (message) => standalone.get(sessionId)?.send(message) ?? false,
  });

  const handle = (req: IncomingMessage, res: ServerResponse, headers: HeaderList, body: string) => {
    const target = req.url ?? '';
    const method = req.method ?? '';
    const foreign = foreignOrigin(headers, listeningPort);
    if (foreign !== undefined) {
      recorder.lifecycle('error', `refused with 403: ${foreign} is not this probe's loopback address (DNS rebinding)`);
      // The body MAY be a JSON-RPC error without an id (streamable-http.mdx:60-62).
      json(res, 403, { jsonrpc: '2.0', error: { code: -32000, message: `Forbidden: ${foreign}` } });
      return;
    }
    const pathname = target.split('?')[0];
    if (pathname !== MCP_PATH) {
      respond(res, 404, [['Content-Type', 'text/plain']], `Not found: the MCP endpoint is ${MCP_PATH}\n`);
      return;
    }
    const modernOnly = persona.kind === 'modern-only';
    const [sessionId] = valuesOf(headers, 'mcp-session-id');
    if (method === 'GET' && !modernOnly && sessionId !== undefined && sessions.get(sessionId)?.plays === true) {
      // A scenario's server opens the standalone stream, for requests and notifications outside any
      // call (2025-11-25/basic/transports.mdx:135-160). One per session: a second replaces the first.
      const stream = openSse(res);
      standalone.set(sessionId, stream.channel);
      res.on('close', () => {
        if (standalone.get(sessionId) === stream.channel) standalone.delete(sessionId);
      });
      for (const waiter of streamWaiters.get(sessionId) ?? []) waiter(stream.channel);
      streamWaiters.delete(sessionId);
      return;
    }
    if (method === 'GET' || (method === 'DELETE' && modernOnly) || !['POST', 'DELETE'].includes(method)) {
      // GET: a legacy server MUST open an SSE stream or answer 405 (2025-11-25/basic/transports.mdx:135-141);
      // a 2026-07-28-only server SHOULD answer GET and DELETE with 405 (streamable-http.mdx:680-684).
      respond(res, 405, [['Allow', modernOnly ? 'POST' : 'POST, DELETE']], '');
      return;
    }
    if (method === 'DELETE') {
      // DELETE ends a legacy session; an unknown one is 404 (2025-11-25/basic/transports.mdx:211-220).
      if (sessionId !== undefined && sessions.delete(sessionId)) respond(res, 200, [], '');
      else respond(res, sessionId === undefined ? 400 : 404, [], '');
      return;
    }
    if (!modernOnly && sessionId !== undefined && !sessions.has(sessionId)) {
      // A session the server does not know: 404 (2025-11-25/basic/transports.mdx:211-212).
      json(res, 404, errorOf(null, -32000, 'Session not found'));
      return;
    }
    // A 2026-07-28-only server ignores Mcp-Session-Id (streamable-http.mdx:685-686).
    const known = modernOnly || sessionId === undefined ? undefined : sessions.get(sessionId);
    const incoming = readIncoming(body);
    const key = known === undefined ? '' : (sessionId ?? '');
    // An initialize starts a new session; it is filed under the id minted below.
    const session =
      incoming.kind === 'request' && incoming.method === 'initialize'
        ? startSession()
        : (known ?? (stateless ??= startSession()));
    const result = session.receive(incoming, { transport: 'http', headers });
    const extra: [string, string][] = [];
    if (result.opens !== undefined) {
      // The server MAY assign a session at initialization (2025-11-25/basic/transports.mdx:198-205).
      const id = randomUUID();
      sessions.set(id, session);
      extra.push(['Mcp-Session-Id', id]);
    }
    if (session.plays && incoming.kind === 'notification' && incoming.method === 'notifications/initialized' && key !== '') {
      void streamOf(key).then((channel) => session.opened(channel ?? standaloneChannel(key)));
    }
    if (result.defer !== undefined) {
      const { request, modern } = result.defer;
      const accepts = valuesOf(headers, 'accept').join(',');
      if (accepts.includes('text/event-stream')) {
        // The call's answer is an SSE stream: its requests and notifications first, its result last
        // (streamable-http.mdx:88-125; 2025-11-25/basic/transports.mdx:100-130).
        const stream = openSse(res, extra);
        res.on('close', () =>
          session.notified({ kind: 'notification', method: 'notifications/cancelled', params: { requestId: request.id } }),
        );
        void session.call(request, modern, stream.channel).then((end) => {
          if (end.reply !== undefined) stream.channel.send(end.reply);
          stream.end();
        });
      } else {
        // A client that takes only JSON hears the call's requests on its standalone stream, if any.
        void session.call(request, modern, standaloneChannel(key)).then((end) => {
          if (ended || res.writableEnded) return;
          if (end.reply !== undefined) json(res, 200, end.reply, extra);
          else respond(res, 202, extra, '');
        });
      }
      return;
    }
    if (result.reply === undefined) {
      respond(res, result.status, extra, '');
      return;
    }
    const accepts = valuesOf(headers, 'accept').join(',');
    if (replyAs === 'sse' && result.status === 200 && accepts.includes('text/event-stream')) {
      // A request's answer may be an SSE stream whose final message is the response
      // (streamable-http.mdx:88-91 and 109-125); X-Accel-Buffering per 136-142.
      respond(
        res,
        200,
        [['Content-Type', 'text/event-stream'], ['Cache-Control', 'no-cache'], ['X-Accel-Buffering', 'no'], ...extra],
        `event: message\ndata: ${JSON.stringify(result.reply)}\n\n`,
      );
      return;
    }
    json(res, result.status, result.reply, extra);
  };

  const server = createServer({ requestTimeout: 0, headersTimeout: limits.maxRequestMs }, (req, res) => {
    if (ended) {
      res.destroy();
      return;
    }
    const headers = pairsOf(req.rawHeaders);
    const method = req.method ?? '';
    const target = req.url ?? '';
    requests += 1;
    if (requests > limits.maxMessages) {
      recorder.lifecycle('error', `more than ${limits.maxMessages} requests: the probe stops listening`);
      res.destroy();
      finish('limit');
      return;
    }
    const chunks: Buffer[] = [];
    let held = 0;
    let length = 0;
    let over = false;
    let answered = false;
    const timer = setTimeout(() => {
      if (answered) return;
      answered = true;
      const { text } = decodeLine(Buffer.concat(chunks));
      recorder.request(method, target, headers, text);
      recorder.lifecycle(
        'error',
        `the request body did not arrive whole within ${limits.maxRequestMs} ms (${length} bytes read)`,
      );
      respond(res, 408, [['Connection', 'close']], '');
      req.destroy();
    }, limits.maxRequestMs);
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (over) return;
      if (held + chunk.length > limits.maxMessageBytes) {
        over = true;
        chunks.length = 0;
        held = 0;
        return;
      }
      chunks.push(chunk);
      held += chunk.length;
    });
    req.on('end', () => {
      clearTimeout(timer);
      if (answered || ended) return;
      answered = true;
      if (over) {
        recorder.request(method, target, headers, '');
        recorder.lifecycle(
          'error',
          `a body of ${length} bytes, over the ${limits.maxMessageBytes}-byte limit: not recorded, answered 413`,
        );
        respond(res, 413, [['Connection', 'close']], '');
        return;
      }
      const { text, valid } = decodeLine(Buffer.concat(chunks));
      recorder.request(method, target, headers, text);
      if (!valid) recorder.lifecycle('error', 'the body above was not valid UTF-8: recorded with U+FFFD for each invalid byte');
      handle(req, res, headers, text);
    });
    req.on('close', () => {
      clearTimeout(timer);
      if (answered || ended || req.complete) return;
      answered = true;
      const { text } = decodeLine(Buffer.concat(chunks));
      recorder.request(method, target, headers, text);
      recorder.lifecycle('error', `the request was cut short after ${length} bytes of body: the client closed the connection`);
    });
  });
  server.on('clientError', (error: Error & { code?: string }, socket) => {
    if (!ended) recorder.lifecycle('error', `a request that is not valid HTTP (${error.code ?? error.message}): answered 400`);
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  const finish = (end: HttpEnd) => {
    if (ended) return;
    ended = true;
    clearTimeout(runTimer);
    for (const session of started) session.close();
    for (const res of openStreams) res.end();
    server.close();
    server.closeAllConnections();
    recorder.close();
    settle(end);
  };
  recorder.onFull = () => finish('full');
  const runTimer = setTimeout(() => {
    recorder.lifecycle('timeout', `the run's time limit of ${limits.maxRunMs} ms passed: the probe stops`);
    finish('timeout');
  }, limits.maxRunMs);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve());
  });
  listeningPort = (server.address() as AddressInfo).port;
  const url = `http://${LOOPBACK}:${listeningPort}${MCP_PATH}`;
  recorder.lifecycle('start', `http ${url}`);
  return {
    url,
    port: listeningPort,
    done,
    stop: (reason: string) => {
      if (ended) return;
      recorder.lifecycle('closed', reason);
      finish('signal');
    },
  };
};
