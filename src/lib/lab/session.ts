/**
 * One session of the probe with a client, as both transports drive it (LabSession): a stdio
 * process, or one HTTP session. It answers each message as the run's persona, for the server its
 * scenario plays (ScenarioSession): what that server offers (its lists and reads), and what it
 * sends when: once the session is open (after `notifications/initialized`), and during a call of a
 * tool, before its result. A server→client request waits for the client's answer by id, within
 * the probe's limits (src/lib/lab/limits.ts); an answer nobody asked for, an answer that never
 * comes and a call the client cancels are each recorded. Over 2026-07-28 the requests of a call
 * travel as one `input_required` result, answered by the client's retry (mrtr.mdx). Rules cite
 * docs/specification/ of modelcontextprotocol/modelcontextprotocol at SPEC_COMMIT.
 */
import { declares } from '../mcp/capabilities.ts';
import { isRecord } from '../mcp/json.ts';
import { errorOf, metaOf, notificationOf, requestOf, resultOf, type Incoming, type Outgoing } from '../mcp/jsonrpc.ts';
import { CLIENT_REQUEST, SERVER_NOTIFICATION } from '../mcp/methods.ts';
import { ERROR, META } from '../mcp/protocol.ts';
import type { Action, Scenario, Tool } from '../scenarios/scenario.ts';
import type { Limits } from './limits.ts';
import { answer, type Answer, type AnswerContext, type Persona, type ServerSide } from './personas/index.ts';

/** Where a session notes what went wrong on the wire: the capture's recorder (src/probe/recorder.ts). */
export interface SessionLog {
  lifecycle(event: 'error', detail: string): void;
}

/** Where a server message goes: a stdio line, a request's SSE stream or the standalone GET stream. */
export interface Channel {
  /** Sends one message; false where it could not be sent (no stream open). */
  send(message: Outgoing): boolean;
}

type Request = Extract<Incoming, { kind: 'request' }>;

/** An offer as the wire lists it: without what only its read or get answers. */
const withoutKey = <T extends object>(value: T, key: keyof T): Record<string, unknown> =>
  Object.fromEntries(Object.entries(value).filter(([name]) => name !== key));

/** The probe's cursors: opaque to the client, the index of the page's first tool to the probe. */
const CURSOR_PREFIX = 'canimcp-page-';

/** Where a cursor the probe gave starts its page; undefined for any other string. */
const pageStart = (cursor: string): number | undefined => {
  const index = cursor.startsWith(CURSOR_PREFIX) ? Number(cursor.slice(CURSOR_PREFIX.length)) : Number.NaN;
  return Number.isInteger(index) && index > 0 ? index : undefined;
};

/** How a deferred call ended: its reply, or none (cancelled, or the run ended first). */
export type CallEnd = { reply: Outgoing } | { reply?: undefined; why: 'cancelled' | 'closed' };

/** A scenario being played on one connection (a stdio process, or one HTTP session). */
export class ScenarioSession {
  readonly #scenario: Scenario;
  readonly #recorder: SessionLog;
  readonly #limits: Limits;
  readonly #tools: Tool[];
  #declared: Record<string, unknown> | undefined;
  #nextId = 1;
  #opened = false;
  #closed = false;
  readonly #pending = new Map<string, { method: string; resolve: (answer: Incoming | undefined) => void }>();
  readonly #holds = new Map<string | number, () => void>();
  /** Called when the session is closed, so held calls and waits end with it. */
  readonly #onClose = new Set<() => void>();

  /** A session of `scenario` recorded by `recorder`. */
  constructor(scenario: Scenario, recorder: SessionLog, limits: Limits) {
    this.#scenario = scenario;
    this.#recorder = recorder;
    this.#limits = limits;
    this.#tools = [...scenario.offers.tools];
  }

  /** What the persona needs to answer as this scenario's server: its capabilities, instructions and lists. */
  get server(): ServerSide {
    const { offers, steps } = this.#scenario;
    const actions = steps.flatMap((step) => step.actions);
    const capabilities: Record<string, unknown> = {
      tools: actions.some((action) => 'addTools' in action) ? { listChanged: true } : {},
      ...(offers.prompts === undefined ? {} : { prompts: { listChanged: true } }),
      ...(offers.resources === undefined && offers.resourceTemplates === undefined ? {} : { resources: { listChanged: true } }),
      ...(actions.some((action) => 'notify' in action && action.notify === SERVER_NOTIFICATION.message) ? { logging: {} } : {}),
      ...(offers.completions === undefined ? {} : { completions: {} }),
    };
    return {
      capabilities,
      ...(offers.instructions === undefined ? {} : { instructions: offers.instructions }),
      serve: (request, modern) => this.#serve(request, modern),
    };
  }

  /** Notes what a client declared in `initialize`, for the requests that need a capability. */
  sawRequest(request: Request): void {
    if (request.method === CLIENT_REQUEST.initialize && isRecord(request.params['capabilities']))
      this.#declared = request.params['capabilities'];
  }

  #serve(request: Request, modern: boolean): Answer | undefined {
    const { offers } = this.#scenario;
    const done = (result: Record<string, unknown>): Answer => ({
      reply: resultOf(request.id, modern ? { resultType: 'complete', ...result } : result),
      status: 200,
    });
    switch (request.method) {
      case CLIENT_REQUEST.toolsList:
        return this.#toolsPage(request, done);
      case CLIENT_REQUEST.toolsCall:
        return { status: 200, defer: { request, modern } };
      case CLIENT_REQUEST.promptsList:
        return done({ prompts: (offers.prompts ?? []).map((prompt) => withoutKey(prompt, 'messages')) });
      case CLIENT_REQUEST.promptsGet: {
        const prompt = offers.prompts?.find((item) => item.name === request.params['name']);
        if (prompt === undefined) return { reply: errorOf(request.id, ERROR.invalidParams, 'Unknown prompt'), status: 200 };
        return done({ description: prompt.description, messages: prompt.messages });
      }
      case CLIENT_REQUEST.resourcesList:
        return done({ resources: (offers.resources ?? []).map((resource) => withoutKey(resource, 'text')) });
      case CLIENT_REQUEST.resourceTemplatesList:
        return done({ resourceTemplates: offers.resourceTemplates ?? [] });
      case CLIENT_REQUEST.resourcesRead: {
        const uri = request.params['uri'];
        const resource = offers.resources?.find((item) => item.uri === uri);
        if (resource !== undefined)
          return done({ contents: [{ uri: resource.uri, mimeType: resource.mimeType, text: resource.text }] });
        const template = offers.resourceTemplates?.find(
          (item) => typeof uri === 'string' && uri.startsWith(item.uriTemplate.split('{')[0] ?? '\u0000'),
        );
        if (template !== undefined && typeof uri === 'string')
          return done({ contents: [{ uri, mimeType: template.mimeType, text: `The lab item at ${uri}.` }] });
        // Resource not found: -32002 in 2025-11-25 (server/resources.mdx "Error Handling"), -32602 in 2026-07-28.
        return { reply: errorOf(request.id, modern ? ERROR.invalidParams : -32002, 'Resource not found', { uri }), status: 200 };
      }
      case CLIENT_REQUEST.loggingSetLevel:
        return done({});
      case CLIENT_REQUEST.completion: {
        if (offers.completions === undefined) return undefined;
        const argument = request.params['argument'];
        const name = isRecord(argument) ? argument['name'] : undefined;
        const values = typeof name === 'string' ? (offers.completions[name] ?? []) : [];
        return done({ completion: { values: [...values], total: values.length, hasMore: false } });
      }
      default:
        return undefined;
    }
  }

  /**
   * One page of `tools/list`: all tools, or where the scenario pages them, the page its opaque
   * cursor names, with `nextCursor` on every page but the last; a cursor it never gave is
   * -32602 (2025-11-25/server/utilities/pagination.mdx, "Error Handling").
   */
  #toolsPage(request: Request, done: (result: Record<string, unknown>) => Answer): Answer {
    const size = this.#scenario.offers.toolsPageSize;
    if (size === undefined) return done({ tools: this.#tools });
    const cursor = request.params['cursor'];
    const start = cursor === undefined ? 0 : typeof cursor === 'string' ? pageStart(cursor) : undefined;
    if (start === undefined || start >= this.#tools.length)
      return { reply: errorOf(request.id, ERROR.invalidParams, 'Invalid cursor'), status: 200 };
    const end = start + size;
    return done({
      tools: this.#tools.slice(start, end),
      ...(end < this.#tools.length ? { nextCursor: `${CURSOR_PREFIX}${end}` } : {}),
    });
  }

  /** The session is open (`notifications/initialized`): run the `session` steps on the channel the server may use outside a request. */
  async opened(channel: Channel): Promise<void> {
    if (this.#opened) return;
    this.#opened = true;
    for (const step of this.#scenario.steps) {
      if (step.when !== 'session') continue;
      for (const action of step.actions) await this.#act(action, channel, undefined);
    }
  }

  /** Plays a deferred `tools/call`: its step's actions on `channel`, then its result. */
  async call(request: Request, modern: boolean, channel: Channel): Promise<CallEnd> {
    const name = request.params['name'];
    const result = typeof name === 'string' ? this.#scenario.results[name] : undefined;
    const known = typeof name === 'string' && this.#tools.some((tool) => tool.name === name);
    const reply = (value: Record<string, unknown>): CallEnd => ({
      reply: resultOf(request.id, modern ? { resultType: 'complete', ...value } : value),
    });
    if (!known || result === undefined) {
      // An unknown tool is a protocol error (2025-11-25/server/tools.mdx "Error Handling").
      return { reply: errorOf(request.id, ERROR.invalidParams, `Unknown tool: ${JSON.stringify(name)}`) };
    }
    const actions = this.#scenario.steps.flatMap((step) =>
      typeof step.when === 'object' && step.when.call === name ? step.actions : [],
    );
    if (modern) {
      // 2026-07-28: no server-initiated requests; the call's requests go out as one
      // InputRequiredResult, and only those the client declared (mrtr.mdx, Server Requirements 7).
      const declared = metaOf({ params: request.params })[META.clientCapabilities];
      const asks = actions.filter((action): action is Extract<Action, { request: string }> => 'request' in action);
      const wanted = asks.filter(
        (action) =>
          action.request !== 'ping' &&
          (action.needs === undefined || declares(isRecord(declared) ? declared : undefined, action.needs)),
      );
      if (wanted.length > 0 && !isRecord(request.params['inputResponses'])) {
        const inputRequests = Object.fromEntries(
          wanted.map((action) => [action.key, { method: action.request, params: action.params }]),
        );
        return {
          reply: resultOf(request.id, { resultType: 'input_required', inputRequests, requestState: `canimcp-${this.#nextId++}` }),
        };
      }
    }
    for (const action of actions) {
      if ('request' in action && modern) continue;
      if ('hold' in action) return this.#hold(request.id);
      await this.#act(action, channel, request);
    }
    return reply(result as unknown as Record<string, unknown>);
  }

  /** Runs one action; a request waits for its answer. */
  async #act(action: Action, channel: Channel, call: Request | undefined): Promise<void> {
    if (this.#closed) return;
    if ('addTools' in action) {
      for (const tool of action.addTools) if (!this.#tools.some((item) => item.name === tool.name)) this.#tools.push(tool);
      return;
    }
    if ('hold' in action) return;
    if ('pause' in action) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(action.pause, this.#limits.maxRequestMs)).unref());
      return;
    }
    if ('notify' in action) {
      let params = action.params;
      if (action.notify === SERVER_NOTIFICATION.progress) {
        // Progress goes only to a request that asked for it with a token (progress.mdx:14-40).
        const token = call === undefined ? undefined : metaOf({ params: call.params })[META.progressToken];
        if (typeof token !== 'string' && typeof token !== 'number') return;
        params = { progressToken: token, ...params };
      }
      if (!channel.send(notificationOf(action.notify, params)))
        this.#recorder.lifecycle('error', `${action.notify} not sent: no stream to the client was open`);
      return;
    }
    if (action.needs !== undefined && !declares(this.#declared, action.needs)) return;
    await this.request(channel, action.request, action.params);
  }

  /** Sends a server→client request and waits for its answer, at most the probe's request limit. */
  async request(channel: Channel, method: string, params: Record<string, unknown>): Promise<Incoming | undefined> {
    const id = `canimcp-${this.#nextId++}`;
    const answer = new Promise<Incoming | undefined>((resolve) => {
      const timer = setTimeout(() => {
        if (!this.#pending.delete(id)) return;
        this.#recorder.lifecycle(
          'error',
          `no answer to id ${JSON.stringify(id)} (${method}) within ${this.#limits.maxRequestMs} ms: the probe goes on`,
        );
        resolve(undefined);
      }, this.#limits.maxRequestMs);
      timer.unref();
      const end = () => {
        clearTimeout(timer);
        this.#pending.delete(id);
        resolve(undefined);
      };
      this.#onClose.add(end);
      this.#pending.set(id, {
        method,
        resolve: (value) => {
          clearTimeout(timer);
          this.#onClose.delete(end);
          resolve(value);
        },
      });
    });
    if (!channel.send(requestOf(id, method, params))) {
      this.#pending.get(id)?.resolve(undefined);
      this.#pending.delete(id);
      this.#recorder.lifecycle('error', `${method} (id ${JSON.stringify(id)}) not sent: no stream to the client was open`);
      return undefined;
    }
    return answer;
  }

  /** Holds a call until the client cancels it or the session ends; it gets no reply (cancellation.mdx:40-52). */
  #hold(id: string | number): Promise<CallEnd> {
    return new Promise((resolve) => {
      const end = () => resolve({ why: 'closed' });
      this.#onClose.add(end);
      this.#holds.set(id, () => {
        this.#onClose.delete(end);
        resolve({ why: 'cancelled' });
      });
    });
  }

  /** A response from the client: resolves the request it answers; an answer to no open request is recorded. */
  answered(response: Extract<Incoming, { kind: 'response' }>): void {
    const key = typeof response.id === 'string' ? response.id : String(response.id);
    const pending = this.#pending.get(key);
    if (pending === undefined) {
      this.#recorder.lifecycle(
        'error',
        `an answer to id ${JSON.stringify(response.id)}, which the probe is not waiting for: ignored`,
      );
      return;
    }
    this.#pending.delete(key);
    pending.resolve(response);
  }

  /** A notification from the client: a cancellation ends the held call it names. */
  notified(notification: Extract<Incoming, { kind: 'notification' }>): void {
    if (notification.method !== 'notifications/cancelled') return;
    const id = notification.params['requestId'];
    if (typeof id !== 'string' && typeof id !== 'number') return;
    const hold = this.#holds.get(id);
    if (hold === undefined) return;
    this.#holds.delete(id);
    hold();
  }

  /** Ends every wait and held call: the connection is gone. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const end of [...this.#onClose]) end();
    this.#onClose.clear();
    for (const [, pending] of this.#pending) pending.resolve(undefined);
    this.#pending.clear();
  }
}

/**
 * One session of the probe with a client: a stdio process, or one HTTP session (a legacy
 * `Mcp-Session-Id`, or the stateless requests). Both transports drive it alike: each message in,
 * the persona's answer out (for the scenario's server, where the scenario plays one), the legacy
 * revision an `initialize` settled remembered. The transports frame the messages and choose the
 * channel a deferred call, or the opened session, sends on.
 */
export class LabSession {
  readonly #persona: Persona;
  readonly #played: ScenarioSession | undefined;
  /** The legacy revision an `initialize` settled on this session, where one did. */
  negotiated: string | undefined;

  /** A session of `persona` playing `scenario` (nothing after the handshake for the handshake alone). */
  constructor(persona: Persona, scenario: Scenario, log: SessionLog, limits: Limits) {
    this.#persona = persona;
    this.#played = scenario.handshakeOnly === true ? undefined : new ScenarioSession(scenario, log, limits);
  }

  /** Whether the scenario plays a server of its own after the handshake: its session steps, calls and stream. */
  get plays(): boolean {
    return this.#played !== undefined;
  }

  /** The answer to one client message: a response goes to the request of the scenario's that it answers. */
  receive(incoming: Incoming, context: Omit<AnswerContext, 'negotiated'>): Answer {
    const played = this.#played;
    if (played !== undefined) {
      if (incoming.kind === 'response') {
        played.answered(incoming);
        return { status: 202 };
      }
      if (incoming.kind === 'notification') played.notified(incoming);
      if (incoming.kind === 'request') played.sawRequest(incoming);
    }
    const reply = answer(this.#persona, incoming, { ...context, negotiated: this.negotiated }, played?.server);
    if (reply.opens !== undefined) this.negotiated = reply.opens;
    return reply;
  }

  /** The session is open (`notifications/initialized`): the scenario's `session` steps run on `channel`. */
  async opened(channel: Channel): Promise<void> {
    await this.#played?.opened(channel);
  }

  /** Plays a call the answer deferred: its step's actions on `channel`, then its result. */
  call(request: Request, modern: boolean, channel: Channel): Promise<CallEnd> {
    return this.#played?.call(request, modern, channel) ?? Promise.resolve({ why: 'closed' });
  }

  /** A notification the transport saw for the client (a stream it closed cancels its call). */
  notified(notification: Extract<Incoming, { kind: 'notification' }>): void {
    this.#played?.notified(notification);
  }

  /** Ends every wait and held call: the connection is gone. */
  close(): void {
    this.#played?.close();
  }
}
