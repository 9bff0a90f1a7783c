/**
 * The stand-in model: a loopback HTTP server (127.0.0.1, a free port) that answers a client's model
 * calls in the client's model API (Anthropic Messages, OpenAI Chat Completions, OpenAI Responses,
 * Gemini), streaming or not, driven by the scenario's turn script, so that a real client runs a
 * whole session offline. Every request and every answer goes to `record` as it happened, the
 * request's body elided as FORMAT.md says (the server's text kept, the vendor's prompts not) and
 * its secrets redacted. Bad input (not JSON, too large, an unknown path, a body that never
 * finishes or is cut short) is recorded and refused, never a crash or a hang.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { modelBodyElider } from '../../lib/evidence/elide-model.ts';
import { sha256Hex } from '../../lib/evidence/sha256.ts';
import { isRecord } from '../../lib/mcp/json.ts';
import { nextAnswer, type TurnScript } from '../../lib/lab/model/turn-script.ts';
import { redactHeaders, redactTarget } from '../../schema/capture.ts';
import type { ModelRecord } from '../../lib/evidence/merge.ts';
import { modelOf, type Written } from '../../lib/lab/model-apis/api.ts';
import { modelApiList } from '../../lib/lab/model-apis/index.ts';

/** How much the stand-in model takes before it refuses. */
export interface ModelLimits {
  /** A request body longer than this is refused with 413 (its bytes counted, not kept). */
  maxBodyBytes: number;
  /** How long a request body may take to arrive whole; then 408. */
  maxRequestMs: number;
  /** Requests answered in one run; the ones after get 429, so a client in a loop cannot fill a capture. */
  maxRequests: number;
}

/** The limits a run gets unless it asks for others: client requests run to a few hundred kilobytes. */
export const defaultModelLimits: ModelLimits = { maxBodyBytes: 4 * 1024 * 1024, maxRequestMs: 10_000, maxRequests: 400 };

/** What starting the stand-in model takes. */
export interface StandInModelOptions {
  script: TurnScript;
  /** Every string the MCP server sends, kept verbatim wherever it reaches the model. */
  serverStrings: readonly string[];
  record: (event: ModelRecord) => void;
  limits?: Partial<ModelLimits>;
}

/** A running stand-in model. */
export interface StandInModel {
  /** `http://127.0.0.1:<port>`: the base URL, without `/v1`. */
  url: string;
  close: () => Promise<void>;
}

const LOOPBACK = '127.0.0.1';

const pairsOf = (raw: readonly string[]): [string, string][] => {
  const pairs: [string, string][] = [];
  for (let index = 0; index + 1 < raw.length; index += 2) pairs.push([raw[index] ?? '', raw[index + 1] ?? '']);
  return pairs;
};

const plain = (status: number, text: string): Written => ({ status, contentType: 'text/plain; charset=utf-8', body: text });

/** Decoders for the `Content-Encoding`s clients compress request bodies with (Codex can send zstd). */
const decoders: Record<string, (bytes: Buffer) => Buffer> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
  zstd: zstdDecompressSync,
};

/** A body's bytes as text, undone from its `Content-Encoding`s (listed in the order applied); an encoding it cannot undo, as a reason. */
const bodyText = (bytes: Buffer, encoding: string | undefined, limit: number): { text: string } | { refused: string } => {
  let data = bytes;
  const codings = (encoding ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  for (const coding of codings.reverse()) {
    const decode = decoders[coding];
    if (decode === undefined) return { refused: `Content-Encoding ${coding} is not one the stand-in model reads` };
    try {
      data = decode(data);
    } catch (error) {
      return { refused: `the body is not valid ${coding}: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (data.length > limit) return { refused: `the body decompresses to more than ${limit} bytes` };
  }
  return { text: new TextDecoder().decode(data) };
};

/** A rough token count: clients show it, none needs it exact. */
const tokensOf = (body: string) => Math.max(1, Math.ceil(body.length / 4));

/** Starts the stand-in model on a free loopback port. */
export const startStandInModel = async (options: StandInModelOptions): Promise<StandInModel> => {
  const limits: ModelLimits = { ...defaultModelLimits, ...options.limits };
  const elide = modelBodyElider(options.serverStrings);
  let requests = 0;
  let serial = 0;

  const record = (event: ModelRecord) => {
    try {
      options.record(event);
    } catch {
      // The runner's recorder failing is the runner's to report; the client still gets its answer.
    }
  };
  /** The elided body; where elision itself fails (a body nested too deep to walk), the whole body is elided. */
  const elided = (body: string) => {
    try {
      return elide(body);
    } catch {
      return JSON.stringify({ elided: body.length, sha256: sha256Hex(body) });
    }
  };
  const recordRequest = (req: IncomingMessage, body: string) =>
    record({
      from: 'client',
      method: req.method ?? '',
      target: redactTarget(req.url ?? ''),
      headers: redactHeaders(pairsOf(req.rawHeaders)),
      body: body === '' ? '' : elided(body),
      at: Date.now(),
    });

  const send = (res: ServerResponse, written: Written, head = false) => {
    const headers: [string, string][] = [
      ['Content-Type', written.contentType],
      ...(written.contentType === 'text/event-stream' ? ([['Cache-Control', 'no-cache']] as [string, string][]) : []),
      ['Content-Length', String(Buffer.byteLength(written.body))],
    ];
    record({ from: 'probe', status: written.status, headers, body: head ? '' : written.body, at: Date.now() });
    if (res.destroyed) return;
    res.writeHead(written.status, headers.flat());
    res.end(head ? undefined : written.body);
  };

  /** The answer to one whole request. */
  const answerTo = (method: string, url: URL, text: string): Written => {
    const pathname = url.pathname;
    if (method === 'GET' || method === 'HEAD') {
      if (pathname === '/' || pathname === '/v1' || pathname === '/health') return plain(200, 'canimcp stand-in model\n');
      for (const api of modelApiList) {
        const listing = api.models(pathname);
        if (listing !== undefined) return listing;
      }
    }
    const route = modelApiList.flatMap((api) => {
      const path = api.path(url);
      return path === undefined ? [] : [{ api, path }];
    })[0];
    if (route === undefined) return plain(404, `Not found: the stand-in model has no ${pathname}\n`);
    const { api, path } = route;
    if (method !== 'POST') return api.error(405, `${method} is not allowed here: use POST`);
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch (error) {
      return api.error(400, `the body is not JSON: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (!isRecord(body)) return api.error(400, 'the body must be a JSON object');
    if (path.asks === 'count')
      return api.count?.(tokensOf(text)) ?? plain(404, `Not found: the stand-in model has no ${pathname}\n`);
    const conversation = api.read(body);
    if (typeof conversation === 'string') return api.error(400, conversation);
    serial += 1;
    return api.answer(nextAnswer(options.script, conversation), {
      model: path.model ?? modelOf(body),
      stream: path.stream ?? api.streams(body),
      serial,
      inputTokens: tokensOf(text),
      request: body,
      path,
    });
  };

  const server = createServer({ requestTimeout: 0, headersTimeout: limits.maxRequestMs }, (req, res) => {
    res.on('error', () => undefined);
    requests += 1;
    const chunks: Buffer[] = [];
    let length = 0;
    let over = false;
    let settled = false;
    const decoded = () => new TextDecoder().decode(Buffer.concat(chunks));
    const encoding = req.headers['content-encoding'];
    const settle = () => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      return true;
    };
    const timer = setTimeout(() => {
      if (!settle()) return;
      recordRequest(req, over ? '' : decoded());
      send(res, plain(408, `the request body did not arrive whole within ${limits.maxRequestMs} ms (${length} bytes read)\n`));
      req.destroy();
    }, limits.maxRequestMs);
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length > limits.maxBodyBytes) {
        over = true;
        chunks.length = 0;
        // Far past the limit: stop reading rather than drain a flood.
        if (length > 4 * limits.maxBodyBytes && settle()) {
          recordRequest(req, '');
          send(res, tooLarge(length));
          req.destroy();
        }
      } else chunks.push(chunk);
    });
    const tooLarge = (bytes: number) =>
      plain(
        413,
        `the request body (${bytes} bytes or more) is over the stand-in model's limit of ${limits.maxBodyBytes} bytes\n`,
      );
    req.on('error', () => undefined);
    req.on('close', () => {
      // The client went away before its body was whole: what arrived is recorded, nobody is left to answer.
      if (!req.complete && settle()) recordRequest(req, over ? '' : decoded());
    });
    req.on('end', () => {
      if (!settle()) return;
      const body = over ? { text: '' } : bodyText(Buffer.concat(chunks), encoding, limits.maxBodyBytes);
      const text = 'text' in body ? body.text : '';
      recordRequest(req, text);
      if (over) return send(res, tooLarge(length));
      if ('refused' in body) return send(res, plain(400, `${body.refused}\n`));
      if (requests > limits.maxRequests) {
        return send(
          res,
          plain(429, `more than ${limits.maxRequests} requests: the stand-in model answers no more in this run\n`),
        );
      }
      let written: Written;
      try {
        written = answerTo(req.method ?? '', new URL(req.url ?? '/', `http://${LOOPBACK}`), text);
      } catch (error) {
        // A reader meeting a shape it did not expect must not take the run down: the client gets a 500, the capture the reason.
        written = plain(500, `the stand-in model could not answer: ${error instanceof Error ? error.message : String(error)}\n`);
      }
      send(res, written, req.method === 'HEAD');
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${LOOPBACK}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
