/**
 * What the judges of the authorization lab read in a capture, in their words: where the MCP endpoint
 * and the authorization server were (the lab's `start` events name them), every exchange of the
 * sign-in (`auth` events: the client's requests to either origin, each followed by the lab's answer
 * in the same tick, and the lab's browser calling the client's redirect URI, answered by the client),
 * the browser hand-offs, the MCP endpoint's 401 and 403 challenges, and which MCP requests carried a
 * bearer token and were let through. Pure.
 */
import type {
  AuthRequestEvent,
  AuthResponseEvent,
  CaptureEvent,
  HttpRequestEvent,
  HttpResponseEvent,
} from '../../schema/capture.ts';
import { parseJson, isRecord } from '../mcp/json.ts';
import { methodOf } from '../mcp/jsonrpc.ts';
import { messagesOf } from '../mcp/messages.ts';
import type { ParsedCapture } from './scenario.ts';

/** Where an exchange of the sign-in went: the MCP server's origin, the authorization server's, or the client's redirect URI. */
export type Place = 'resource' | 'issuer' | 'client';

/** One exchange of the sign-in: a request and the answer to it. */
export interface Exchange {
  seq: number;
  method: string;
  /** The request's whole URL. */
  url: URL;
  place: Place;
  /** Whether the lab's browser sent it (its requests say so in `X-Lab-Handoff`). */
  byBrowser: boolean;
  headers: readonly (readonly [string, string])[];
  body: string;
  answer?: { seq: number; status: number; headers: readonly (readonly [string, string])[]; body: string };
}

/** A hand-off of an authorization URL to the lab's browser. */
export interface Handoff {
  seq: number;
  via: 'browser-env' | 'opener' | 'printed';
  url: URL | undefined;
  /** The opener's name, where one was run. */
  program?: string;
}

/** A challenge the MCP endpoint sent: a 401 or a 403 with its `WWW-Authenticate` parameters. */
export interface Challenge {
  seq: number;
  status: number;
  /** The request it refused. */
  request: number;
  params: Readonly<Record<string, string>>;
}

/** An MCP request: whether it carried a bearer token, its JSON-RPC methods, and whether the endpoint refused it. */
export interface McpRequest {
  seq: number;
  bearer: boolean;
  methods: string[];
  refused?: Challenge;
}

/** What a capture shows of the sign-in. */
export interface SignInView {
  /** The MCP endpoint's URL and the authorization server's origin, as the lab's `start` events name them. */
  resource?: string;
  issuer?: string;
  exchanges: Exchange[];
  handoffs: Handoff[];
  challenges: Challenge[];
  mcp: McpRequest[];
  /** What the lab said of a client registered beforehand (its `start` event), where the variant had one. */
  preregistered?: { given: boolean; clientId?: string };
}

/** A header's first value by name, case ignored. */
export const header = (headers: readonly (readonly [string, string])[], name: string): string | undefined =>
  headers.find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

/** The parameters of a `WWW-Authenticate: Bearer …` value (RFC 6750 §3): `name="value"` pairs. */
export const challengeParams = (value: string): Record<string, string> => {
  const params: Record<string, string> = {};
  for (const match of value.matchAll(/([A-Za-z_][A-Za-z0-9_-]*)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]+))/g))
    params[(match[1] ?? '').toLowerCase()] = (match[2] ?? match[3] ?? '').replace(/\\(.)/g, '$1');
  return params;
};

const parseUrl = (text: string, base?: string): URL | undefined => {
  try {
    return new URL(text, base);
  } catch {
    return undefined;
  }
};

/** The JSON body of an exchange or its answer, where it is a JSON object. */
export const jsonBody = (body: string): Record<string, unknown> | undefined => {
  const value = parseJson(body);
  return isRecord(value) ? value : undefined;
};

/** A form body's parameters (a token request). */
export const formBody = (body: string): URLSearchParams => new URLSearchParams(body);

/** Reads a capture's sign-in. */
export const signInView = (capture: ParsedCapture): SignInView => {
  const view: SignInView = { exchanges: [], handoffs: [], challenges: [], mcp: [] };
  for (const event of capture.events) {
    if (event.kind !== 'lifecycle' || event.event !== 'start') continue;
    const detail = event.detail ?? '';
    const issuer = /^authorization server (http:\/\/\S+)/.exec(detail)?.[1];
    if (issuer !== undefined) view.issuer = issuer;
    const resource = /^http (http:\/\/\S+)/.exec(detail)?.[1];
    if (resource !== undefined) view.resource = resource;
    const pre = /^a client registered beforehand \((\S+)\) was (given|not given)/.exec(detail);
    if (pre !== null) view.preregistered = { given: pre[2] === 'given', ...(pre[1] === undefined ? {} : { clientId: pre[1] }) };
  }
  const resourceOrigin = view.resource === undefined ? undefined : parseUrl(view.resource)?.origin;
  const events = capture.events;
  let pendingHttp: { request: HttpRequestEvent; mcp: McpRequest } | undefined;
  for (const [index, event] of events.entries()) {
    if (event.kind === 'auth' && 'method' in event) {
      if (event.via !== undefined) {
        const program = jsonBody(event.body)?.['program'];
        view.handoffs.push({
          seq: event.seq,
          via: event.via,
          url: parseUrl(event.target),
          ...(typeof program === 'string' ? { program } : {}),
        });
        continue;
      }
      view.exchanges.push(exchangeOf(event, events, index, resourceOrigin, view.issuer));
      continue;
    }
    if (event.kind !== 'http') continue;
    if ('method' in event) {
      const mcp: McpRequest = {
        seq: event.seq,
        // The value is redacted in every capture: that the header was sent is what shows.
        bearer: header(event.headers, 'authorization') !== undefined,
        methods: messagesOf(event).map((message) => methodOf(message)),
      };
      view.mcp.push(mcp);
      pendingHttp = { request: event, mcp };
      continue;
    }
    // A refusal is sent in the same tick as its request is recorded: the very next event.
    const previous = events[index - 1];
    if (pendingHttp !== undefined && previous === pendingHttp.request && (event.status === 401 || event.status === 403)) {
      const challenge = challengeOf(event, pendingHttp.request.seq);
      view.challenges.push(challenge);
      pendingHttp.mcp.refused = challenge;
    }
    pendingHttp = undefined;
  }
  return view;
};

/** A 401 or 403 of the MCP endpoint as a challenge, its `WWW-Authenticate` read. */
const challengeOf = (event: HttpResponseEvent, request: number): Challenge => ({
  seq: event.seq,
  status: event.status,
  request,
  params: challengeParams(header(event.headers, 'www-authenticate') ?? ''),
});

/** One auth request with its answer: the next event for the lab's own answers, the next answer from the client for the browser's. */
const exchangeOf = (
  event: AuthRequestEvent,
  events: readonly CaptureEvent[],
  index: number,
  resourceOrigin: string | undefined,
  issuer: string | undefined,
): Exchange => {
  const host = header(event.headers, 'host');
  const url =
    parseUrl(event.target) !== undefined && /^https?:\/\//i.test(event.target)
      ? (parseUrl(event.target) as URL)
      : (parseUrl(event.target, host === undefined ? 'http://unknown.invalid' : `http://${host}`) as URL);
  const place: Place =
    event.from === 'probe' ? 'client' : url.origin === issuer ? 'issuer' : url.origin === resourceOrigin ? 'resource' : 'client';
  const answerEvent =
    event.from === 'probe'
      ? events
          .slice(index + 1)
          .find((item): item is AuthResponseEvent => item.kind === 'auth' && item.from === 'client' && 'status' in item)
      : (() => {
          const next = events[index + 1];
          return next?.kind === 'auth' && 'status' in next ? next : undefined;
        })();
  return {
    seq: event.seq,
    method: event.method.toUpperCase(),
    url,
    place,
    byBrowser: header(event.headers, 'x-lab-handoff') !== undefined,
    headers: event.headers,
    body: event.body,
    ...(answerEvent === undefined
      ? {}
      : { answer: { seq: answerEvent.seq, status: answerEvent.status, headers: answerEvent.headers, body: answerEvent.body } }),
  };
};

/** The client's own exchanges (not the lab's browser's) at a place and path, in order. */
export const requestsTo = (view: SignInView, place: Place, path: string | RegExp, method?: string): Exchange[] =>
  view.exchanges.filter(
    (item) =>
      item.place === place &&
      !item.byBrowser &&
      (method === undefined || item.method === method) &&
      (typeof path === 'string' ? item.url.pathname === path : path.test(item.url.pathname)),
  );

/** The authorization requests the lab's browser made at the authorization server, in order. */
export const authorizations = (view: SignInView): Exchange[] =>
  view.exchanges.filter((item) => item.place === 'issuer' && item.url.pathname === '/authorize');

/** The token requests, in order, with their grant type. */
export const tokenRequests = (view: SignInView): (Exchange & { grant: string; form: URLSearchParams })[] =>
  requestsTo(view, 'issuer', '/token', 'POST').map((item) => {
    const form = formBody(item.body);
    return { ...item, form, grant: form.get('grant_type') ?? '' };
  });

/** The MCP requests that carried a bearer token and were let through, after `after`. */
export const acceptedWithToken = (view: SignInView, after = 0): McpRequest[] =>
  view.mcp.filter((item) => item.seq > after && item.bearer && item.refused === undefined);
