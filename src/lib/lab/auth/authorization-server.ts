/**
 * The lab's authorization server, strict where real ones are, because a lenient one hides real bugs:
 * Dynamic Client Registration (RFC 7591 §2, §3), Client ID Metadata Documents (the `client_id` URL is
 * recorded and accepted without being fetched: the lab has no network, and its answer says so), a
 * client registered beforehand; `/authorize` answers at once with a redirect to the client's
 * registered redirect URI (a loopback port may differ, RFC 8252 §7.3), carrying `iss` (RFC 9207);
 * PKCE with S256 only (RFC 7636); the `resource`, where sent, must name the MCP endpoint (RFC 8707 §2,
 * else `invalid_target`); codes are single use; refresh tokens are bound to their client and usable
 * once, rotated on use (OAuth 2.1 §4.3.1). Pure: its randomness and its clock are given.
 * MCP's rules: 2025-11-25/basic/authorization.mdx at SPEC_COMMIT.
 */
import type { AuthVariant } from '../../scenarios/scenario.ts';
import {
  headerOf,
  jsonAnswer,
  LAB_NOTE,
  parseTarget,
  textAnswer,
  type AuthHttpAnswer,
  type AuthHttpRequest,
} from './exchange.ts';
import { AUTH_PATHS, authorizationServerMetadata, knownScopes } from './metadata.ts';
import { isPkceText, verifiesS256 } from './pkce.ts';

/** What the server is told: where it and the MCP endpoint are, the variant, and its sources of randomness and time. */
export interface AuthorizationServerOptions {
  /** The issuer: the authorization server's origin, `http://127.0.0.1:<port>`. */
  issuer: string;
  /** The MCP endpoint: the only resource it issues tokens for. */
  resource: string;
  variant: AuthVariant;
  /** A fresh random value, base64url, of this many bytes. */
  random: (bytes: number) => string;
  /** Milliseconds since 1970. */
  now: () => number;
  /** The client registered beforehand, where the variant has one: public where it has no secret. */
  preregistered?: { clientId: string; clientSecret?: string | undefined } | undefined;
}

/** How a client registered. */
export type Registration = 'dcr' | 'cimd' | 'preregistered';

interface Client {
  id: string;
  secret?: string | undefined;
  registration: Registration;
  /** The registered redirect URIs; none for a metadata document or a client registered beforehand (any loopback URI). */
  redirectUris: readonly string[];
}

interface Code {
  clientId: string;
  redirectUri: string;
  challenge: string;
  resource?: string | undefined;
  scope: string[];
  expires: number;
  used: boolean;
}

/** An access token as the MCP endpoint checks it. */
export interface AccessToken {
  clientId: string;
  scope: readonly string[];
  resource?: string | undefined;
  expires: number;
  /** Issued by the authorization code grant (a sign-in), not by a refresh. */
  fromCode: boolean;
  revoked: boolean;
}

interface RefreshToken {
  clientId: string;
  scope: readonly string[];
  resource?: string | undefined;
  used: boolean;
}

/** How long a code and an access token live. */
const CODE_MS = 10 * 60_000;
const ACCESS_MS = 60 * 60_000;

/** The grants and client authentication methods it supports (its metadata says the same). */
const GRANTS = new Set(['authorization_code', 'refresh_token']);
const AUTH_METHODS = new Set(['none', 'client_secret_basic', 'client_secret_post']);

/** Whether a URI is a loopback `http` one (RFC 8252 §7.3), which may differ from the registered one in its port only. */
const loopback = (url: URL) =>
  url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname.toLowerCase());

const parseUrl = (text: string): URL | undefined => {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
};

/** Whether a redirect URI may be registered: https, or http on a loopback host (2025-11-25/basic/authorization.mdx, Communication Security). */
const registrable = (text: string) => {
  const url = parseUrl(text);
  return url !== undefined && url.hash === '' && (url.protocol === 'https:' || loopback(url));
};

/** Whether a presented redirect URI is the registered one, or differs from it in its loopback port only. */
const matchesRegistered = (presented: URL, registered: string): 'exact' | 'port' | undefined => {
  if (presented.href === registered) return 'exact';
  const known = parseUrl(registered);
  if (known === undefined || !loopback(known) || !loopback(presented)) return undefined;
  const same = (url: URL) => `${url.protocol}//${url.hostname}${url.pathname}${url.search}`;
  return same(known) === same(presented) ? 'port' : undefined;
};

/** Whether the `resource` a request names is the MCP endpoint, case ignored in scheme and host (2025-11-25/basic/authorization.mdx, Canonical Server URI). */
export const sameResource = (sent: string, resource: string): boolean => {
  const a = parseUrl(sent);
  const b = parseUrl(resource);
  if (a === undefined || b === undefined) return false;
  const canonical = (url: URL) => `${url.protocol}//${url.host}${url.pathname.replace(/\/$/, '')}${url.search}`;
  return canonical(a) === canonical(b);
};

/** A client ID that is a metadata document's URL: https with a path (2025-11-25/basic/authorization.mdx:211-230). */
const isMetadataUrl = (clientId: string) => {
  const url = parseUrl(clientId);
  return url !== undefined && url.protocol === 'https:' && url.pathname !== '/' && url.pathname !== '';
};

/** The authorization server. */
export class AuthorizationServer {
  readonly #options: AuthorizationServerOptions;
  readonly #clients = new Map<string, Client>();
  readonly #codes = new Map<string, Code>();
  readonly #access = new Map<string, AccessToken>();
  readonly #refresh = new Map<string, RefreshToken>();
  /** How many access tokens the authorization code grant has issued: one per sign-in. */
  signIns = 0;
  /** How many access tokens a refresh has issued. */
  refreshes = 0;

  /** A server for one run. */
  constructor(options: AuthorizationServerOptions) {
    this.#options = options;
    const pre = options.preregistered;
    if (options.variant.preregistered && pre !== undefined)
      this.#clients.set(pre.clientId, {
        id: pre.clientId,
        secret: pre.clientSecret,
        registration: 'preregistered',
        redirectUris: [],
      });
  }

  /** An access token as the MCP endpoint sees it; undefined for one this server never issued. */
  accessToken(token: string): AccessToken | undefined {
    return this.#access.get(token);
  }

  /** Revokes every access token a sign-in issued (the `revoke` variant); refreshed ones and every refresh token stay good. */
  revokeSignIns(): void {
    for (const token of this.#access.values()) if (token.fromCode) token.revoked = true;
  }

  /** Answers a request to the authorization server's origin. */
  handle(request: AuthHttpRequest): AuthHttpAnswer {
    const { path, query } = parseTarget(request.target);
    const { variant, issuer } = this.#options;
    const method = request.method.toUpperCase();
    if (method === 'GET' && path === AUTH_PATHS.oauthMetadata && variant.metadataAt === 'oauth')
      return jsonAnswer(200, authorizationServerMetadata(issuer, variant));
    if (method === 'GET' && path === AUTH_PATHS.openidMetadata && variant.metadataAt === 'openid')
      return jsonAnswer(200, authorizationServerMetadata(issuer, variant));
    if (method === 'GET' && path === AUTH_PATHS.jwks && variant.metadataAt === 'openid') return jsonAnswer(200, { keys: [] });
    if (path === AUTH_PATHS.register && variant.dcr) return method === 'POST' ? this.#register(request.body) : notAllowed('POST');
    if (path === AUTH_PATHS.authorize) return method === 'GET' ? this.#authorize(query) : notAllowed('GET');
    if (path === AUTH_PATHS.token) return method === 'POST' ? this.#token(request) : notAllowed('POST');
    return textAnswer(404, `Not found: ${path}`);
  }

  /** POST /register: RFC 7591 §2 metadata in, §3.2.1 client information out. */
  #register(body: string): AuthHttpAnswer {
    let metadata: unknown;
    try {
      metadata = JSON.parse(body);
    } catch {
      return jsonAnswer(400, { error: 'invalid_client_metadata', error_description: 'the body is not JSON' });
    }
    if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
      return jsonAnswer(400, { error: 'invalid_client_metadata', error_description: 'the body is not a JSON object' });
    const fields = metadata as Record<string, unknown>;
    const uris = fields['redirect_uris'];
    if (!Array.isArray(uris) || uris.length === 0 || !uris.every((uri) => typeof uri === 'string'))
      return jsonAnswer(400, { error: 'invalid_redirect_uri', error_description: 'redirect_uris must list at least one URI' });
    const bad = uris.find((uri) => !registrable(uri));
    if (bad !== undefined)
      return jsonAnswer(400, {
        error: 'invalid_redirect_uri',
        error_description: `${bad} is neither https nor http on a loopback host`,
      });
    // RFC 7591 §2: client_secret_basic where the client names no method.
    const method =
      typeof fields['token_endpoint_auth_method'] === 'string' ? fields['token_endpoint_auth_method'] : 'client_secret_basic';
    if (!AUTH_METHODS.has(method))
      return jsonAnswer(400, {
        error: 'invalid_client_metadata',
        error_description: `token_endpoint_auth_method ${method} is not supported`,
      });
    const listed: unknown = fields['grant_types'];
    const grants: unknown[] = Array.isArray(listed) ? (listed as unknown[]) : ['authorization_code'];
    const unsupported = grants.find((grant) => typeof grant !== 'string' || !GRANTS.has(grant));
    if (unsupported !== undefined)
      return jsonAnswer(400, {
        error: 'invalid_client_metadata',
        error_description: `grant type ${JSON.stringify(unsupported)} is not supported`,
      });
    const id = `lab-client-${this.#options.random(9)}`;
    const secret = method === 'none' ? undefined : this.#options.random(24);
    this.#clients.set(id, { id, secret, registration: 'dcr', redirectUris: uris });
    return jsonAnswer(201, {
      ...fields,
      client_id: id,
      client_id_issued_at: Math.floor(this.#options.now() / 1000),
      ...(secret === undefined ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
      token_endpoint_auth_method: method,
      grant_types: grants,
    });
  }

  /** The client a `client_id` names: registered, registered beforehand, or a metadata document's URL where the variant accepts those. */
  #client(clientId: string): Client | undefined {
    const known = this.#clients.get(clientId);
    if (known !== undefined) return known;
    if (this.#options.variant.cimd && isMetadataUrl(clientId)) {
      const client: Client = { id: clientId, registration: 'cimd', redirectUris: [] };
      this.#clients.set(clientId, client);
      return client;
    }
    return undefined;
  }

  /** GET /authorize: checks the client and its redirect URI (errors shown, never redirected), then the rest (errors redirected); a code at once. */
  #authorize(query: URLSearchParams): AuthHttpAnswer {
    const clientId = query.get('client_id') ?? '';
    const client = this.#client(clientId);
    if (client === undefined)
      return textAnswer(
        400,
        `Unknown client_id ${JSON.stringify(clientId)}: register first${this.#options.variant.cimd ? ', or use a metadata document URL' : ''}`,
      );
    const notes: string[] = [];
    if (client.registration === 'cimd')
      notes.push(
        `client_id is a metadata document URL (${clientId}): recorded, not fetched (the lab has no network); its redirect URIs are not checked`,
      );
    const sent = query.get('redirect_uri');
    const redirect = this.#redirectFor(client, sent, notes);
    if (typeof redirect === 'string') return textAnswer(400, redirect);
    const fail = (error: string, description: string) =>
      this.#redirect(redirect, query, { error, error_description: description }, notes);
    if (query.get('response_type') !== 'code') return fail('unsupported_response_type', 'only response_type=code is supported');
    const challenge = query.get('code_challenge');
    if (challenge === null) return fail('invalid_request', 'PKCE is required: code_challenge is missing');
    if (query.get('code_challenge_method') !== 'S256')
      return fail(
        'invalid_request',
        `only code_challenge_method=S256 is supported, got ${JSON.stringify(query.get('code_challenge_method') ?? '(none, which means plain)')}`,
      );
    if (!isPkceText(challenge)) return fail('invalid_request', 'code_challenge is not 43 to 128 unreserved characters');
    const resources = query.getAll('resource');
    if (resources.length > 1 || (resources[0] !== undefined && !sameResource(resources[0], this.#options.resource)))
      return fail('invalid_target', `resource must be the MCP endpoint ${this.#options.resource}`);
    const scope = (query.get('scope') ?? '').split(' ').filter((item) => item !== '');
    const unknown = scope.find((item) => !knownScopes.has(item));
    if (unknown !== undefined) return fail('invalid_scope', `unknown scope ${unknown}`);
    const code = this.#options.random(24);
    this.#codes.set(code, {
      clientId: client.id,
      redirectUri: redirect.href,
      challenge,
      resource: resources[0],
      scope,
      expires: this.#options.now() + CODE_MS,
      used: false,
    });
    return this.#redirect(redirect, query, { code }, notes);
  }

  /** The redirect URI to answer to, or why there is none (said on the page, never redirected: RFC 6749 §4.1.2.1). */
  #redirectFor(client: Client, sent: string | null, notes: string[]): URL | string {
    if (client.redirectUris.length === 0) {
      // A metadata document (not fetched) or a client registered beforehand: any loopback URI, as a native app's.
      const url = sent === null ? undefined : parseUrl(sent);
      if (url === undefined || !loopback(url))
        return `redirect_uri must be an http loopback URI here, got ${JSON.stringify(sent)}`;
      return url;
    }
    if (sent === null) {
      const [only] = client.redirectUris;
      if (client.redirectUris.length > 1 || only === undefined) return 'redirect_uri is required: the client registered several';
      return new URL(only);
    }
    const url = parseUrl(sent);
    if (url === undefined) return `redirect_uri ${JSON.stringify(sent)} is not a URI`;
    const matches = client.redirectUris.map((registered) => matchesRegistered(url, registered));
    if (matches.includes('exact')) return url;
    if (matches.includes('port')) {
      notes.push('the redirect URI differs from the registered one in its loopback port only (RFC 8252 §7.3): accepted');
      return url;
    }
    return `redirect_uri ${sent} is not registered for this client`;
  }

  /** A 302 to the client's redirect URI with these parameters, its `state` and the issuer (RFC 9207). */
  #redirect(to: URL, query: URLSearchParams, params: Record<string, string>, notes: readonly string[]): AuthHttpAnswer {
    const url = new URL(to.href);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    const state = query.get('state');
    if (state !== null) url.searchParams.set('state', state);
    url.searchParams.set('iss', this.#options.issuer);
    return {
      status: 302,
      headers: [
        ['Location', url.href],
        ['Cache-Control', 'no-store'],
        ...notes.map((note): [string, string] => [LAB_NOTE, note]),
      ],
      body: '',
    };
  }

  /** Who the token request authenticates as: client_secret_basic, client_secret_post or a public client's client_id. */
  #tokenClient(request: AuthHttpRequest, form: URLSearchParams): { client: Client } | { refused: AuthHttpAnswer } {
    const basic = headerOf(request.headers, 'authorization');
    let id = form.get('client_id') ?? undefined;
    let secret = form.get('client_secret') ?? undefined;
    if (basic !== undefined && /^basic /i.test(basic)) {
      const [user = '', pass = ''] = atob(basic.slice(6).trim()).split(':');
      id = decodeURIComponent(user);
      secret = decodeURIComponent(pass);
    }
    const client = id === undefined ? undefined : this.#client(id);
    if (client === undefined)
      return { refused: jsonAnswer(401, { error: 'invalid_client', error_description: 'unknown or missing client_id' }) };
    if (client.secret !== undefined && secret !== client.secret)
      return {
        refused: jsonAnswer(401, {
          error: 'invalid_client',
          error_description: 'client authentication failed: wrong or missing client_secret',
        }),
      };
    return { client };
  }

  /** POST /token: the authorization code grant (PKCE, single-use codes) and the refresh grant (bound, single use, rotated). */
  #token(request: AuthHttpRequest): AuthHttpAnswer {
    const form = new URLSearchParams(request.body);
    const authenticated = this.#tokenClient(request, form);
    if ('refused' in authenticated) return authenticated.refused;
    const { client } = authenticated;
    const resource = form.getAll('resource');
    if (resource.length > 1 || (resource[0] !== undefined && !sameResource(resource[0], this.#options.resource)))
      return jsonAnswer(400, {
        error: 'invalid_target',
        error_description: `resource must be the MCP endpoint ${this.#options.resource}`,
      });
    const grant = form.get('grant_type');
    if (grant === 'authorization_code') return this.#codeGrant(client, form, resource[0]);
    if (grant === 'refresh_token') return this.#refreshGrant(client, form, resource[0]);
    return jsonAnswer(400, {
      error: 'unsupported_grant_type',
      error_description: `grant_type ${JSON.stringify(grant)} is not supported`,
    });
  }

  #codeGrant(client: Client, form: URLSearchParams, resource: string | undefined): AuthHttpAnswer {
    const code = this.#codes.get(form.get('code') ?? '');
    const invalid = (description: string) => jsonAnswer(400, { error: 'invalid_grant', error_description: description });
    if (code === undefined) return invalid('unknown authorization code');
    if (code.used) {
      // A code presented twice: refused, and every token it gave revoked (RFC 6749 §4.1.2).
      for (const token of this.#access.values()) if (token.clientId === code.clientId && token.fromCode) token.revoked = true;
      return invalid('the authorization code was used already');
    }
    code.used = true;
    if (code.expires < this.#options.now()) return invalid('the authorization code expired');
    if (code.clientId !== client.id) return invalid('the authorization code was issued to another client');
    const redirect = form.get('redirect_uri');
    // Where the token request names a redirect URI it must be the code's (PKCE binds the code to its client either way).
    if (redirect !== null && redirect !== code.redirectUri)
      return invalid('redirect_uri differs from the authorization request’s');
    const verifier = form.get('code_verifier');
    if (verifier === null) return invalid('PKCE: code_verifier is missing');
    if (!verifiesS256(verifier, code.challenge)) return invalid('PKCE: code_verifier does not match the S256 code_challenge');
    if (code.resource !== undefined && resource !== undefined && !sameResource(resource, code.resource))
      return jsonAnswer(400, { error: 'invalid_target', error_description: 'resource differs from the authorization request’s' });
    this.signIns += 1;
    return this.#issue(client.id, code.scope, resource ?? code.resource, true);
  }

  #refreshGrant(client: Client, form: URLSearchParams, resource: string | undefined): AuthHttpAnswer {
    const presented = form.get('refresh_token') ?? '';
    const held = this.#refresh.get(presented);
    const invalid = (description: string) => jsonAnswer(400, { error: 'invalid_grant', error_description: description });
    if (held === undefined) return invalid('unknown refresh token');
    if (held.clientId !== client.id) return invalid('the refresh token was issued to another client');
    if (held.used) return invalid('the refresh token was used already (it is rotated on each use)');
    const asked = (form.get('scope') ?? '').split(' ').filter((item) => item !== '');
    const wider = asked.find((item) => !held.scope.includes(item));
    if (wider !== undefined)
      return jsonAnswer(400, { error: 'invalid_scope', error_description: `scope ${wider} was not granted` });
    held.used = true;
    this.refreshes += 1;
    return this.#issue(client.id, asked.length > 0 ? asked : held.scope, resource ?? held.resource, false);
  }

  /** A token answer: a new access token and a new refresh token (OAuth 2.1 §3.2.3). */
  #issue(clientId: string, scope: readonly string[], resource: string | undefined, fromCode: boolean): AuthHttpAnswer {
    const access = this.#options.random(24);
    const refresh = this.#options.random(24);
    const expires = this.#options.now() + ACCESS_MS;
    this.#access.set(access, { clientId, scope, resource, expires, fromCode, revoked: false });
    this.#refresh.set(refresh, { clientId, scope, resource, used: false });
    return jsonAnswer(200, {
      access_token: access,
      token_type: 'Bearer',
      expires_in: ACCESS_MS / 1000,
      refresh_token: refresh,
      ...(scope.length === 0 ? {} : { scope: scope.join(' ') }),
    });
  }
}

/** 405 with the one method the endpoint takes. */
const notAllowed = (allow: string): AuthHttpAnswer => textAnswer(405, `Method not allowed: use ${allow}`, [['Allow', allow]]);
