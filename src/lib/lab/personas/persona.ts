/**
 * What the probe's personas share: what one is (PersonaRules), what the connection knows and what an
 * answer is, and the rules of the two eras each persona answers by (the legacy `initialize` session,
 * the modern stateless request). One file per persona beside this one (observe.ts, legacy.ts,
 * modern-only.ts), gathered by index.ts. Pure: a message and what the connection knows go in, the
 * answer (and for HTTP its status) comes out; the lab's session (src/lib/lab/session.ts) records
 * and sends it. Each rule cites the specification at SPEC_COMMIT (src/lib/mcp/protocol.ts) as
 * `path:lines`, all under docs/specification/ of modelcontextprotocol/modelcontextprotocol.
 */
import { decodeSentinel } from '../../mcp/headers.ts';
import { isRecord } from '../../mcp/json.ts';
import { errorOf, resultOf, type Incoming, type Outgoing, type RpcId } from '../../mcp/jsonrpc.ts';
import { ERROR, LEGACY_REVISIONS, META, MODERN_REVISION } from '../../mcp/protocol.ts';
import { probeTool } from '../../scenarios/handshake.ts';
import { PROBE_NAME, PROBE_VERSION } from '../version.ts';

/** A persona, parsed: `observe`, `legacy:<revision>` or `modern-only`. */
export type Persona = { kind: 'observe' } | { kind: 'legacy'; revision: string } | { kind: 'modern-only' };

/** A client request, as the personas answer it. */
export type Request = Extract<Incoming, { kind: 'request' }>;

/** What the connection knows when a message arrives. */
export interface AnswerContext {
  transport: 'stdio' | 'http';
  /** The legacy revision an earlier `initialize` settled on this process (stdio) or session (HTTP). */
  negotiated?: string | undefined;
  /** HTTP only: the request's headers as sent. */
  headers?: readonly (readonly [string, string])[];
}

/** The probe's answer to one client message. */
export interface Answer {
  /** The reply; none for a notification or a client's response. */
  reply?: Outgoing;
  /** The HTTP status this answer goes out with (stdio ignores it). */
  status: number;
  /** Set where this answer opens a legacy session at this revision (HTTP mints its id). */
  opens?: string;
  /** Set where a scenario answers later (a `tools/call` that may first ask the client): the side plays it. */
  defer?: { request: Request; modern: boolean };
}

/** What one persona is: the versions it supports and its answer to a request. */
export interface PersonaRules {
  /** Every version it supports, in the order its `supported` lists give them: the modern one first where it has one. */
  supported: readonly string[];
  /** Its answer to a request whose `_meta` declares `version` (undefined where it declares none). */
  request(request: Request, context: AnswerContext, version: string | undefined, server: ServerSide | undefined): Answer;
}

/**
 * The server a persona speaks for once the client may use it: by default the one harmless tool;
 * with a scenario (src/lib/lab/session.ts), its capabilities, instructions, lists and calls.
 */
export interface ServerSide {
  capabilities: Record<string, unknown>;
  instructions?: string;
  /** The answer to a request past the handshake; undefined where the persona's own answer stands. */
  serve(request: Request, modern: boolean): Answer | undefined;
}

const serverInfo = { name: PROBE_NAME, version: PROBE_VERSION };

/** The version a request's `_meta` declares, where it declares one. */
export const metaVersion = (params: Record<string, unknown>): string | undefined => {
  const meta = params['_meta'];
  const version = isRecord(meta) ? meta[META.protocolVersion] : undefined;
  return typeof version === 'string' ? version : undefined;
};

const headerValues = (context: AnswerContext, name: string): string[] =>
  (context.headers ?? []).filter(([key]) => key.toLowerCase() === name.toLowerCase()).map(([, value]) => value);

/** An answer that replies with `message`, 200 unless told. */
export const reply = (message: Outgoing, status = 200): Answer => ({ reply: message, status });

/**
 * A modern result. Servers implementing 2026-07-28 MUST include `resultType`
 * (schema/2026-07-28/schema.ts:223-234, at SPEC_COMMIT).
 */
const modernResult = (id: RpcId, result: Record<string, unknown>) => resultOf(id, { resultType: 'complete', ...result });

/**
 * UnsupportedProtocolVersionError: code -32022 with `data.supported` and `data.requested`
 * (2026-07-28/basic/versioning.mdx:48-71; schema/2026-07-28/schema.ts:483-501). On HTTP it goes out
 * with 400 Bad Request (2026-07-28/basic/transports/streamable-http.mdx:263-267).
 */
export const unsupportedVersion = (supported: readonly string[], id: RpcId, requested: string): Answer =>
  reply(
    errorOf(id, ERROR.unsupportedProtocolVersion, 'Unsupported protocol version', {
      supported: [...supported],
      requested,
    }),
    400,
  );

/**
 * HeaderMismatch, -32020, with 400 Bad Request: a required header is missing or does not match the
 * body (2026-07-28/basic/transports/streamable-http.mdx:257-261 and 597-630).
 */
const headerMismatch = (id: RpcId, message: string): Answer =>
  reply(errorOf(id, ERROR.headerMismatch, `Header mismatch: ${message}`), 400);

/**
 * The modern header checks. `MCP-Protocol-Version` MUST equal the `_meta` version
 * (streamable-http.mdx:257-261); `strict` also refuses a missing `MCP-Protocol-Version`, `Mcp-Method`
 * or `Mcp-Name` (streamable-http.mdx:286-293 and 622-630). `observe` checks only the MUST on a
 * mismatch, so a client that leaves a header out is still seen going on.
 */
const modernHeaderProblem = (context: AnswerContext, request: Request, version: string, strict: boolean): Answer | undefined => {
  if (context.transport !== 'http') return undefined;
  const versions = headerValues(context, 'mcp-protocol-version');
  if (versions.some((value) => value !== version)) {
    return headerMismatch(
      request.id,
      `MCP-Protocol-Version ${JSON.stringify(versions.join(', '))} does not match _meta ${JSON.stringify(version)}`,
    );
  }
  if (!strict) return undefined;
  if (versions.length === 0) return headerMismatch(request.id, 'the MCP-Protocol-Version header is missing');
  const methods = headerValues(context, 'mcp-method');
  if (methods.length === 0) return headerMismatch(request.id, 'the Mcp-Method header is missing');
  if (methods.some((value) => value !== request.method)) {
    return headerMismatch(
      request.id,
      `Mcp-Method ${JSON.stringify(methods.join(', '))} does not match the body's method ${JSON.stringify(request.method)}`,
    );
  }
  const name = request.params['name'] ?? request.params['uri'];
  const named = ['tools/call', 'resources/read', 'prompts/get'].includes(request.method);
  if (named && typeof name === 'string') {
    const names = headerValues(context, 'mcp-name').map(decodeSentinel);
    if (names.length === 0) return headerMismatch(request.id, 'the Mcp-Name header is missing');
    if (names.some((value) => value !== name)) {
      return headerMismatch(
        request.id,
        `Mcp-Name ${JSON.stringify(names.join(', '))} does not match the body's ${JSON.stringify(name)}`,
      );
    }
  }
  return undefined;
};

/** The answers every persona gives once a client may use it: the one tool, and `ping`. */
const probeServe = (request: Request, modern: boolean): Answer | undefined => {
  const result = (value: Record<string, unknown>) =>
    reply(modern ? modernResult(request.id, value) : resultOf(request.id, value));
  switch (request.method) {
    case 'ping':
      // Legacy: an empty result (2025-11-25/basic/utilities/ping.mdx:29-35). 2026-07-28 removed ping
      // (2026-07-28/changelog.mdx:20); the probe still answers it, as the issue asks of every persona.
      return result({});
    case 'tools/list':
      return result({ tools: [probeTool] });
    case 'tools/call': {
      if (request.params['name'] !== probeTool.name) {
        return reply(errorOf(request.id, ERROR.invalidParams, `Unknown tool: ${JSON.stringify(request.params['name'])}`));
      }
      const args = request.params['arguments'];
      const text = isRecord(args) && typeof args['text'] === 'string' ? args['text'] : '';
      return result({ content: [{ type: 'text', text }] });
    }
    default:
      return undefined;
  }
};

/**
 * Method not found, -32601. A modern server answers it on HTTP with 404 Not Found
 * (2026-07-28/basic/transports/streamable-http.mdx:271-275); a legacy one inside a 200.
 */
export const methodNotFound = (request: Request, modern: boolean): Answer =>
  reply(errorOf(request.id, ERROR.methodNotFound, `Method not found: ${request.method}`), modern ? 404 : 200);

/**
 * The legacy `initialize` answer: echo the client's version where the persona supports it, else
 * answer the persona's own latest (2025-11-25/basic/lifecycle.mdx:165-175).
 */
const initialize = (supported: readonly string[], request: Request, server: ServerSide | undefined): Answer => {
  const offered = request.params['protocolVersion'];
  const version = typeof offered === 'string' && supported.includes(offered) ? offered : (supported[0] ?? LEGACY_REVISIONS[0]);
  return {
    reply: resultOf(request.id, {
      protocolVersion: version,
      capabilities: server?.capabilities ?? { tools: {} },
      serverInfo,
      ...(server?.instructions === undefined ? {} : { instructions: server.instructions }),
    }),
    status: 200,
    opens: version,
  };
};

/**
 * A legacy server on HTTP without a session: requests other than `initialize` get 400 Bad Request
 * (2025-11-25/basic/transports.mdx:206-210), with a JSON-RPC error from the legacy range that no
 * modern client reads as a modern error (2026-07-28/basic/index.mdx:117-121), so a dual-era client
 * falls back (2026-07-28/basic/transports/streamable-http.mdx:650-665).
 */
const noSession = (id: RpcId): Answer => reply(errorOf(id, -32000, 'Bad Request: No valid session ID provided'), 400);

/**
 * A legacy server on HTTP refuses an `MCP-Protocol-Version` it does not support with 400
 * (2025-11-25/basic/transports.mdx:279-280).
 */
const legacyHeaderProblem = (supported: readonly string[], context: AnswerContext, id: RpcId): Answer | undefined => {
  if (context.transport !== 'http') return undefined;
  const bad = headerValues(context, 'mcp-protocol-version').find((value) => !supported.includes(value));
  return bad === undefined ? undefined : reply(errorOf(id, -32000, `Bad Request: Unsupported protocol version: ${bad}`), 400);
};

/**
 * A legacy-era request (no `_meta` version, or any request to the legacy persona), answered by a
 * server that supports the `legacy` revisions, newest first.
 */
export const legacyRequest = (
  legacy: readonly string[],
  request: Request,
  context: AnswerContext,
  server: ServerSide | undefined,
): Answer => {
  if (request.method === 'initialize') return initialize(legacy, request, server);
  if (context.transport === 'http' && context.negotiated === undefined) return noSession(request.id);
  return (
    legacyHeaderProblem(legacy, context, request.id) ??
    server?.serve(request, false) ??
    probeServe(request, false) ??
    methodNotFound(request, false)
  );
};

/**
 * A modern-era request to a persona that supports `supported`: its `_meta` version checked (`strict`
 * also refuses a missing header), then served statelessly.
 */
export const modernRequest = (
  supported: readonly string[],
  strict: boolean,
  request: Request,
  context: AnswerContext,
  version: string | undefined,
  server: ServerSide | undefined,
): Answer => {
  // A request without a `_meta` version cannot be served at any version this persona has: name them.
  if (version === undefined) return unsupportedVersion(supported, request.id, '');
  const headers = modernHeaderProblem(context, request, version, strict);
  if (headers !== undefined) return headers;
  // The server MUST answer a version it does not implement with -32022 (versioning.mdx:48-52).
  if (version !== MODERN_REVISION) return unsupportedVersion(supported, request.id, version);
  if (request.method === 'server/discover') {
    // Servers MUST implement server/discover (versioning.mdx:73-78); the result's fields are in
    // 2026-07-28/server/discover.mdx:33-60 and 88-101.
    return reply(
      modernResult(request.id, {
        supportedVersions: [...supported],
        capabilities: server?.capabilities ?? { tools: {} },
        ...(server?.instructions === undefined ? {} : { instructions: server.instructions }),
        _meta: { [META.serverInfo]: serverInfo },
      }),
    );
  }
  return server?.serve(request, true) ?? probeServe(request, true) ?? methodNotFound(request, true);
};
