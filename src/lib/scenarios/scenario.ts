/**
 * A lab scenario: what the probe's server offers a client (instructions, tools, prompts, resources),
 * what it sends when (server→client requests and notifications), what the stand-in model calls, and
 * a pure judge that turns the capture of a run into feature facts. One scenario per file in this
 * folder, gathered by index.ts; the lab (src/lib/lab/session.ts) plays a scenario, the build and
 * `npm run probe -- facts` judge its captures.
 */
import type { FactState } from '../../schema/verdict.ts';
import type { Capture } from '../evidence/capture.ts';
import type { ServerNotificationMethod, ServerRequestMethod } from '../mcp/methods.ts';

/** What a judge reads of a capture (src/lib/evidence/capture.ts): its header and its events, already checked. */
export type ParsedCapture = Pick<Capture, 'header' | 'events'>;

/** What a judge says of one feature in one capture. */
export interface FeatureFact {
  /** A feature id (content/features/<id>.md). */
  feature: string;
  /** `not-observed` where the capture cannot decide: never `no` for lack of evidence. */
  state: FactState;
  /** One sentence: what the capture shows, in the project's words. */
  detail: string;
  /** The events that show it. */
  seq: number[];
}

/** A tool as the server lists it (2025-11-25/server/tools.mdx, "Tool"). */
export interface Tool {
  name: string;
  title?: string;
  description: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: Record<string, unknown>;
}

/** A tool result as the server sends it (2025-11-25/server/tools.mdx, "Tool Result"). */
export interface ToolResult {
  content: readonly Record<string, unknown>[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A prompt the server lists, and the messages `prompts/get` answers with. */
export interface Prompt {
  name: string;
  title?: string;
  description: string;
  arguments?: readonly { name: string; description?: string; required?: boolean }[];
  messages: readonly Record<string, unknown>[];
}

/** A resource the server lists, and the text `resources/read` answers with. */
export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType: string;
  text: string;
}

/** A resource template the server lists (answered like a resource, its text naming the URI read). */
export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  description?: string;
  mimeType: string;
}

/** What the server offers once the client may use it. */
export interface Offers {
  instructions?: string;
  tools: readonly Tool[];
  prompts?: readonly Prompt[];
  resources?: readonly Resource[];
  resourceTemplates?: readonly ResourceTemplate[];
  /**
   * Where set, `tools/list` answers this many tools a page, each page but the last with a
   * `nextCursor` (2025-11-25/server/utilities/pagination.mdx).
   */
  toolsPageSize?: number;
  /**
   * Where set, the server declares `completions` and answers `completion/complete` with the values
   * listed for the argument (a prompt's argument or a template's variable) by name
   * (2025-11-25/server/utilities/completion.mdx).
   */
  completions?: Readonly<Record<string, readonly string[]>>;
}

/**
 * One thing the server does. A request waits for the client's answer (by id, within the probe's
 * limits) before the next action; `needs` names the client capability it requires (a dotted path
 * such as `elicitation.url`), and the server sends nothing the client did not declare. A
 * progress notification goes only for a call that carried a `progressToken`. `addTools` changes
 * what `tools/list` answers from then on. `pause` waits that many milliseconds (a slow tool takes
 * a moment between its reports). `hold` keeps a call unanswered until the client cancels it or the
 * run ends. `key` names a request inside a 2026-07-28 `inputRequests` map.
 */
export type Action =
  | { request: ServerRequestMethod; params: Record<string, unknown>; needs?: string; key: string }
  | { notify: ServerNotificationMethod; params: Record<string, unknown> }
  | { addTools: readonly Tool[] }
  | { pause: number }
  | { hold: true };

/**
 * When a step runs: once the session is open (after `notifications/initialized`; a legacy session
 * only: 2026-07-28 has no server-initiated requests), or during a call of a tool, before its result
 * (on 2026-07-28 a call's requests travel as one `input_required` result, mrtr.mdx).
 */
export type When = 'session' | { call: string };

/** What the server sends when. */
export interface Step {
  when: When;
  actions: readonly Action[];
}

/**
 * What a scenario's authorization side offers (the lab's authorization server, src/lib/lab/auth/),
 * one thing changed per variant so causes stay apart: how a client may register, where the metadata
 * documents are, what the protected MCP endpoint does to a token at the first tool call, and whether
 * the client's environment names a browser.
 */
export interface AuthVariant {
  /** Dynamic Client Registration (RFC 7591): a `registration_endpoint` in the metadata. */
  dcr: boolean;
  /** Client ID Metadata Documents: `client_id_metadata_document_supported` in the metadata. */
  cimd: boolean;
  /** A client registered beforehand, given to the client by its configuration (its kit). */
  preregistered: boolean;
  /** Where the authorization server's metadata is: RFC 8414's path, or only OpenID Connect discovery's. */
  metadataAt: 'oauth' | 'openid';
  /** Where the protected-resource metadata is: its well-known path (also named in the 401), or only at a URL the 401 names. */
  resourceMetadataAt: 'well-known' | 'challenge';
  /**
   * What the MCP endpoint does to the first `tools/call` carrying a token of the sign-in: refuses it
   * as revoked (401 `invalid_token`, every token of the sign-in revoked, its refresh token still good),
   * or as lacking a scope no metadata lists (403 `insufficient_scope`); nothing where absent.
   */
  onCall?: 'revoke' | 'step-up';
  /** Whether the client's environment sets BROWSER (the system openers are caught either way). */
  browserEnv: boolean;
}

/** How the probe's Streamable HTTP side departs from its plain behaviour in a scenario (src/probe/http-side.ts). */
export interface HttpVariant {
  /** Every request answered as an SSE stream, where the client accepts one. */
  replyAs?: 'sse';
  /** The session ends once its first tool call is answered: later requests with its id get 404. */
  expireAfterCall?: true;
  /** A tool call's SSE stream is closed after a primed event id, before its result, which waits for a GET with `Last-Event-ID`. */
  dropCallStream?: true;
  /** The MCP endpoint answers 307 to another path, where the session is served. */
  redirect?: true;
}

/** A lab scenario. */
export interface Scenario {
  /** Its name, as `--scenario` takes it. */
  name: string;
  /** One sentence: what it asks of the client. */
  description: string;
  /** The revision it plays: its server requests travel as this revision specifies. */
  revision: '2025-11-25' | '2026-07-28';
  offers: Offers;
  /** The result of each tool, by name; a tool without one answers an error. */
  results: Readonly<Record<string, ToolResult>>;
  /**
   * What the stand-in model calls, in order, by the server's tool name; `late` marks a tool the
   * server adds during the session, which the model waits one further turn for.
   */
  calls: readonly { tool: string; arguments: Record<string, unknown>; late?: boolean }[];
  /** Resource URIs the stand-in model reads, after its calls, through the client's own reading tool where it offers one. */
  reads?: readonly string[];
  /** The one-line task given to the client (the project's own words); absent where the face's own prompt stands (the handshake). */
  prompt?: string;
  steps: readonly Step[];
  /** The facts its captures establish. Pure. */
  judge(capture: ParsedCapture): FeatureFact[];
  /** Set where the MCP endpoint is protected: the authorization side's variant. Such a scenario runs over HTTP only. */
  auth?: AuthVariant;
  /** Set where the HTTP side behaves otherwise than plainly. Such a scenario runs over HTTP only. */
  http?: HttpVariant;
  /** Set where what the scenario decides exists only over HTTP (sessions, streams), though the HTTP side plays plainly. */
  httpOnly?: true;
  /**
   * Set on the handshake alone (handshake.ts): the probe plays nothing of its own after the
   * handshake, so the persona's answers stand (its one tool, `ping`), it holds no stream open, and
   * its captures name no scenario.
   */
  handshakeOnly?: true;
}

/** Whether a scenario can be played over HTTP only: a protected endpoint, an HTTP side of its own, or a session behaviour. */
export const runsOverHttpOnly = (scenario: Pick<Scenario, 'auth' | 'http' | 'httpOnly'>): boolean =>
  scenario.auth !== undefined || scenario.http !== undefined || scenario.httpOnly === true;

/** Whether a tool name is valid for every client the lab drives: short, lowercase, digits and underscores. */
export const isPortableToolName = (name: string): boolean => /^[a-z0-9_]{1,40}$/.test(name);
