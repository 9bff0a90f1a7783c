/**
 * The protected MCP endpoint's side of the sign-in (the resource server): the protected-resource
 * metadata on its origin (RFC 9728 §3, or only at a URL the 401 names), and the check every MCP
 * request passes: 401 with a `WWW-Authenticate` challenge naming the metadata and the scope until a
 * valid bearer token arrives (2025-11-25/basic/authorization.mdx:103-127; RFC 6750 §3: no error
 * code where the request carries no token), 401 `invalid_token` for a token unknown, revoked,
 * expired or issued for another resource, and, per variant, a refusal at the first tool call: the
 * sign-in's tokens revoked, or 403 `insufficient_scope` naming a scope no metadata lists
 * (authorization.mdx:495-557). Pure.
 */
import type { AuthVariant } from '../../scenarios/scenario.ts';
import { sameResource, type AuthorizationServer } from './authorization-server.ts';
import {
  headerOf,
  jsonAnswer,
  parseTarget,
  textAnswer,
  type AuthHttpAnswer,
  type AuthHttpRequest,
  type Headers,
} from './exchange.ts';
import { AUTH_PATHS, LAB_SCOPES, protectedResourceMetadata, resourceMetadataUrl } from './metadata.ts';

/** What the resource side is told: the MCP endpoint, its origin, the variant, and the authorization server that issues its tokens. */
export interface ResourceServerOptions {
  /** The MCP endpoint, `http://127.0.0.1:<port>/mcp`. */
  resource: string;
  variant: AuthVariant;
  server: AuthorizationServer;
  issuer: string;
  now: () => number;
}

/** The paths of the MCP origin that belong to the sign-in: metadata, and the endpoints a client of the 2025-03-26 rules looks for there. */
const SIGN_IN_PATHS = [AUTH_PATHS.authorize, AUTH_PATHS.token, AUTH_PATHS.register];

/** The protected MCP endpoint's sign-in side. */
export class ResourceServer {
  readonly #options: ResourceServerOptions;
  readonly #origin: string;
  #refusedOnce = false;

  /** The resource side of one run. */
  constructor(options: ResourceServerOptions) {
    this.#options = options;
    this.#origin = new URL(options.resource).origin;
  }

  /** The URL of the protected-resource metadata the 401 names. */
  get metadataUrl(): string {
    return resourceMetadataUrl(this.#origin, this.#options.variant);
  }

  /** Whether a request to the MCP origin is part of the sign-in (recorded as such), not of MCP. */
  owns(target: string): boolean {
    const { path } = parseTarget(target);
    return path.startsWith('/.well-known/') || path.startsWith('/lab/') || (SIGN_IN_PATHS as readonly string[]).includes(path);
  }

  /** Answers a sign-in request to the MCP origin: the protected-resource metadata where the variant serves it, else 404. */
  handle(request: AuthHttpRequest): AuthHttpAnswer {
    const { path } = parseTarget(request.target);
    const wanted = new URL(this.metadataUrl).pathname;
    if (request.method.toUpperCase() === 'GET' && path === wanted)
      return jsonAnswer(200, protectedResourceMetadata(this.#options.resource, this.#options.issuer));
    return textAnswer(404, `Not found: ${path}`);
  }

  /** The challenge header for a refusal: the metadata's URL, the scope, and the error where there is one. */
  #challenge(error?: { code: string; description: string; scope?: string }): [string, string] {
    const parts = [
      ...(error === undefined ? [] : [`error="${error.code}"`, `error_description="${error.description}"`]),
      `resource_metadata="${this.metadataUrl}"`,
      `scope="${error?.scope ?? LAB_SCOPES.challenge.join(' ')}"`,
    ];
    return ['WWW-Authenticate', `Bearer ${parts.join(', ')}`];
  }

  /** A refusal: its status, its challenge, and a JSON-RPC error without an id (2025-11-25/basic/transports.mdx:98-101). */
  #refuse(status: 401 | 403, message: string, error?: { code: string; description: string; scope?: string }): AuthHttpAnswer {
    return jsonAnswer(status, { jsonrpc: '2.0', id: null, error: { code: -32001, message } }, [this.#challenge(error)]);
  }

  /**
   * The check a request to the MCP endpoint passes first: undefined where it may go on, the refusal
   * to send otherwise. `methods` are the JSON-RPC methods its body carries.
   */
  gate(headers: Headers, methods: readonly string[]): AuthHttpAnswer | undefined {
    const authorization = headerOf(headers, 'authorization');
    if (authorization === undefined || !/^bearer\s+\S/i.test(authorization))
      return this.#refuse(401, 'Unauthorized: this MCP endpoint needs a bearer token');
    const presented = authorization.replace(/^bearer\s+/i, '').trim();
    const token = this.#options.server.accessToken(presented);
    const invalid = (description: string) =>
      this.#refuse(401, `Unauthorized: ${description}`, { code: 'invalid_token', description });
    if (token === undefined) return invalid('the access token is unknown');
    if (token.revoked) return invalid('the access token was revoked');
    if (token.expires < this.#options.now()) return invalid('the access token expired');
    if (token.resource !== undefined && !sameResource(token.resource, this.#options.resource))
      return invalid('the access token was issued for another resource');
    if (!methods.includes('tools/call')) return undefined;
    const { onCall } = this.#options.variant;
    if (onCall === 'revoke' && token.fromCode && !this.#refusedOnce) {
      this.#refusedOnce = true;
      this.#options.server.revokeSignIns();
      return invalid('the access token was revoked');
    }
    if (onCall === 'step-up' && !token.scope.includes(LAB_SCOPES.stepUp)) {
      const scope = [...new Set([...token.scope, LAB_SCOPES.stepUp])].join(' ');
      return this.#refuse(403, `Forbidden: this tool needs the scope ${LAB_SCOPES.stepUp}`, {
        code: 'insufficient_scope',
        description: `this tool needs the scope ${LAB_SCOPES.stepUp}`,
        scope,
      });
    }
    return undefined;
  }
}
