import { describe, expect, it } from 'vitest';
import type { AuthVariant } from '../../scenarios/scenario.ts';
import { AuthorizationServer } from './authorization-server.ts';
import { headerOf, type AuthHttpAnswer } from './exchange.ts';
import { AUTH_PATHS } from './metadata.ts';
import { s256, verifiesS256 } from './pkce.ts';
import { ResourceServer } from './resource-server.ts';

const ISSUER = 'http://127.0.0.1:4100';
const RESOURCE = 'http://127.0.0.1:4000/mcp';
const VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const CALLBACK = 'http://127.0.0.1:5555/callback';

const base: AuthVariant = {
  dcr: true,
  cimd: false,
  preregistered: false,
  metadataAt: 'oauth',
  resourceMetadataAt: 'well-known',
  browserEnv: true,
};

/** A lab with a counter for randomness and a clock that moves only when told. */
const lab = (variant: Partial<AuthVariant> = {}, preregistered?: { clientId: string; clientSecret?: string }) => {
  let serial = 0;
  let now = 1_000_000;
  const v = { ...base, ...variant };
  const server = new AuthorizationServer({
    issuer: ISSUER,
    resource: RESOURCE,
    variant: v,
    random: () => `r${(serial += 1)}`,
    now: () => now,
    preregistered,
  });
  const resource = new ResourceServer({ resource: RESOURCE, variant: v, server, issuer: ISSUER, now: () => now });
  const call = (method: string, target: string, body = '', headers: [string, string][] = []) =>
    server.handle({ method, target, headers, body });
  return { server, resource, call, later: (ms: number) => (now += ms) };
};

const json = (answer: AuthHttpAnswer) => JSON.parse(answer.body) as Record<string, unknown>;
const location = (answer: AuthHttpAnswer) => new URL(headerOf(answer.headers, 'location') ?? 'http://missing.invalid');

const register = (call: ReturnType<typeof lab>['call'], extra: Record<string, unknown> = {}) =>
  json(
    call(
      'POST',
      AUTH_PATHS.register,
      JSON.stringify({ redirect_uris: [CALLBACK], token_endpoint_auth_method: 'none', ...extra }),
    ),
  );

const authorize = (call: ReturnType<typeof lab>['call'], params: Record<string, string>) =>
  call(
    'GET',
    `${AUTH_PATHS.authorize}?${new URLSearchParams({
      response_type: 'code',
      redirect_uri: CALLBACK,
      code_challenge: s256(VERIFIER),
      code_challenge_method: 'S256',
      state: 'st',
      resource: RESOURCE,
      ...params,
    }).toString()}`,
  );

const token = (call: ReturnType<typeof lab>['call'], params: Record<string, string>, headers: [string, string][] = []) =>
  call('POST', AUTH_PATHS.token, new URLSearchParams(params).toString(), headers);

/** A whole sign-in by DCR: the client id, and the token answer. */
const signIn = (l: ReturnType<typeof lab>, scope = 'mcp:read') => {
  const client = register(l.call);
  const clientId = String(client['client_id']);
  const code = location(authorize(l.call, { client_id: clientId, scope })).searchParams.get('code') ?? '';
  const answer = token(l.call, {
    grant_type: 'authorization_code',
    code,
    code_verifier: VERIFIER,
    client_id: clientId,
    redirect_uri: CALLBACK,
    resource: RESOURCE,
  });
  return { clientId, answer: json(answer), status: answer.status };
};

describe('PKCE', () => {
  it('computes the S256 challenge of RFC 7636 appendix B', () => {
    expect(s256(VERIFIER)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(verifiesS256(VERIFIER, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(true);
    expect(verifiesS256(`${VERIFIER}x`, 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')).toBe(false);
    expect(verifiesS256('short', s256('short'))).toBe(false);
  });
});

describe('the authorization server', () => {
  it('serves RFC 8414 metadata only where the variant says, with PKCE S256, iss and its registration', () => {
    const oauth = lab({ cimd: true });
    const metadata = json(oauth.call('GET', AUTH_PATHS.oauthMetadata));
    expect(metadata).toMatchObject({
      issuer: ISSUER,
      registration_endpoint: `${ISSUER}/register`,
      code_challenge_methods_supported: ['S256'],
      client_id_metadata_document_supported: true,
      authorization_response_iss_parameter_supported: true,
    });
    expect(oauth.call('GET', AUTH_PATHS.openidMetadata).status).toBe(404);
    const openid = lab({ metadataAt: 'openid', dcr: false, cimd: true });
    expect(openid.call('GET', AUTH_PATHS.oauthMetadata).status).toBe(404);
    const doc = json(openid.call('GET', AUTH_PATHS.openidMetadata));
    expect(doc).toMatchObject({ issuer: ISSUER, jwks_uri: `${ISSUER}/jwks` });
    expect(doc).not.toHaveProperty('registration_endpoint');
    expect(openid.call('POST', AUTH_PATHS.register, '{}').status).toBe(404);
  });

  it('runs a whole sign-in by DCR and redirects with the code, the state and iss', () => {
    const l = lab();
    const client = register(l.call, { client_name: 'x' });
    expect(client).toMatchObject({ client_name: 'x', token_endpoint_auth_method: 'none' });
    expect(client).not.toHaveProperty('client_secret');
    const redirect = authorize(l.call, { client_id: String(client['client_id']), scope: 'mcp:read' });
    expect(redirect.status).toBe(302);
    const to = location(redirect);
    expect(`${to.origin}${to.pathname}`).toBe(CALLBACK);
    expect(to.searchParams.get('state')).toBe('st');
    expect(to.searchParams.get('iss')).toBe(ISSUER);
    const { answer, status } = signIn(l);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ token_type: 'Bearer', scope: 'mcp:read' });
    expect(l.server.signIns).toBe(1);
  });

  it('refuses what a strict server refuses: plain PKCE, no challenge, a wrong verifier, a foreign resource, a used code', () => {
    const l = lab();
    const clientId = String(register(l.call)['client_id']);
    const plain = location(authorize(l.call, { client_id: clientId, code_challenge_method: 'plain' }));
    expect(plain.searchParams.get('error')).toBe('invalid_request');
    const missing = location(authorize(l.call, { client_id: clientId, code_challenge: '' }));
    expect(missing.searchParams.get('error')).toBe('invalid_request');
    const foreign = location(authorize(l.call, { client_id: clientId, resource: 'http://127.0.0.1:4000/other' }));
    expect(foreign.searchParams.get('error')).toBe('invalid_target');
    expect(location(authorize(l.call, { client_id: clientId, scope: 'mcp:everything' })).searchParams.get('error')).toBe(
      'invalid_scope',
    );
    const code = location(authorize(l.call, { client_id: clientId })).searchParams.get('code') ?? '';
    const wrong = token(l.call, { grant_type: 'authorization_code', code, code_verifier: `${VERIFIER}A`, client_id: clientId });
    expect(json(wrong)).toMatchObject({ error: 'invalid_grant' });
    const again = token(l.call, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, client_id: clientId });
    expect(json(again)).toMatchObject({ error: 'invalid_grant', error_description: 'the authorization code was used already' });
    const next = location(authorize(l.call, { client_id: clientId })).searchParams.get('code') ?? '';
    const target = token(l.call, {
      grant_type: 'authorization_code',
      code: next,
      code_verifier: VERIFIER,
      client_id: clientId,
      redirect_uri: CALLBACK,
      resource: 'http://127.0.0.1:9999/mcp',
    });
    expect(json(target)).toMatchObject({ error: 'invalid_target' });
  });

  it('shows, never redirects, an unknown client or an unregistered redirect URI; a loopback port may differ', () => {
    const l = lab();
    expect(authorize(l.call, { client_id: 'nobody' }).status).toBe(400);
    const clientId = String(register(l.call)['client_id']);
    expect(authorize(l.call, { client_id: clientId, redirect_uri: 'http://127.0.0.1:5555/elsewhere' }).status).toBe(400);
    const other = authorize(l.call, { client_id: clientId, redirect_uri: 'http://127.0.0.1:6000/callback' });
    expect(other.status).toBe(302);
    expect(headerOf(other.headers, 'lab-note')).toMatch(/loopback port/);
    expect(authorize(l.call, { client_id: clientId, redirect_uri: 'http://localhost:5555/callback' }).status).toBe(400);
    expect(l.call('POST', AUTH_PATHS.register, JSON.stringify({ redirect_uris: ['http://example.com/cb'] })).status).toBe(400);
  });

  it('accepts a metadata document URL as client_id only where CIMD is offered, and says it did not fetch it', () => {
    const cimdId = 'https://client.example/oauth/metadata.json';
    expect(authorize(lab().call, { client_id: cimdId }).status).toBe(400);
    const l = lab({ dcr: false, cimd: true });
    const answer = authorize(l.call, { client_id: cimdId });
    expect(answer.status).toBe(302);
    expect(headerOf(answer.headers, 'lab-note')).toMatch(/recorded, not fetched/);
    const code = location(answer).searchParams.get('code') ?? '';
    expect(token(l.call, { grant_type: 'authorization_code', code, code_verifier: VERIFIER, client_id: cimdId }).status).toBe(
      200,
    );
  });

  it('binds a refresh token to its client and lets it be used once', () => {
    const l = lab();
    const first = signIn(l);
    const refresh = String(first.answer['refresh_token']);
    const other = String(register(l.call)['client_id']);
    expect(json(token(l.call, { grant_type: 'refresh_token', refresh_token: refresh, client_id: other }))).toMatchObject({
      error: 'invalid_grant',
      error_description: 'the refresh token was issued to another client',
    });
    const rotated = token(l.call, { grant_type: 'refresh_token', refresh_token: refresh, client_id: first.clientId });
    expect(rotated.status).toBe(200);
    expect(json(rotated)['refresh_token']).not.toBe(refresh);
    expect(json(token(l.call, { grant_type: 'refresh_token', refresh_token: refresh, client_id: first.clientId }))).toMatchObject(
      { error: 'invalid_grant' },
    );
    expect(l.server.refreshes).toBe(1);
  });

  it('authenticates a confidential client by its secret, in the body or as Basic', () => {
    const l = lab({ dcr: false, preregistered: true }, { clientId: 'pre', clientSecret: 'sesame' });
    const code = () => location(authorize(l.call, { client_id: 'pre' })).searchParams.get('code') ?? '';
    const grant = { grant_type: 'authorization_code', code_verifier: VERIFIER, redirect_uri: CALLBACK };
    expect(token(l.call, { ...grant, code: code(), client_id: 'pre' }).status).toBe(401);
    expect(token(l.call, { ...grant, code: code(), client_id: 'pre', client_secret: 'sesame' }).status).toBe(200);
    expect(token(l.call, { ...grant, code: code() }, [['Authorization', `Basic ${btoa('pre:sesame')}`]]).status).toBe(200);
  });
});

describe('the protected MCP endpoint', () => {
  const bearer = (value: string): [string, string][] => [['Authorization', `Bearer ${value}`]];

  it('answers 401 with the metadata URL and the scope, without an error code, until a token arrives', () => {
    const l = lab();
    const refusal = l.resource.gate([], ['initialize']);
    expect(refusal?.status).toBe(401);
    expect(headerOf(refusal?.headers ?? [], 'www-authenticate')).toBe(
      'Bearer resource_metadata="http://127.0.0.1:4000/.well-known/oauth-protected-resource/mcp", scope="mcp:read"',
    );
    expect(l.resource.gate(bearer('made-up'), ['initialize'])?.status).toBe(401);
    const { answer } = signIn(l);
    expect(l.resource.gate(bearer(String(answer['access_token'])), ['tools/call'])).toBeUndefined();
  });

  it('serves the protected-resource metadata at the well-known path, or only where the 401 says', () => {
    const l = lab();
    expect(json(l.resource.handle({ method: 'GET', target: AUTH_PATHS.resourceMetadata, headers: [], body: '' }))).toMatchObject({
      resource: RESOURCE,
      authorization_servers: [ISSUER],
    });
    const hidden = lab({ resourceMetadataAt: 'challenge' });
    expect(hidden.resource.handle({ method: 'GET', target: AUTH_PATHS.resourceMetadata, headers: [], body: '' }).status).toBe(
      404,
    );
    expect(hidden.resource.metadataUrl).toBe('http://127.0.0.1:4000/lab/resource-metadata');
    expect(hidden.resource.handle({ method: 'GET', target: '/lab/resource-metadata', headers: [], body: '' }).status).toBe(200);
    expect(hidden.resource.owns('/.well-known/oauth-authorization-server')).toBe(true);
    expect(hidden.resource.owns('/mcp')).toBe(false);
  });

  it('revokes the sign-in’s tokens at the first tool call, once; a refreshed token passes', () => {
    const l = lab({ onCall: 'revoke' });
    const { answer, clientId } = signIn(l);
    const access = String(answer['access_token']);
    expect(l.resource.gate(bearer(access), ['tools/list'])).toBeUndefined();
    const refused = l.resource.gate(bearer(access), ['tools/call']);
    expect(headerOf(refused?.headers ?? [], 'www-authenticate')).toMatch(/error="invalid_token"/);
    expect(l.resource.gate(bearer(access), ['tools/list'])?.status).toBe(401);
    const fresh = json(
      token(l.call, { grant_type: 'refresh_token', refresh_token: String(answer['refresh_token']), client_id: clientId }),
    );
    expect(l.resource.gate(bearer(String(fresh['access_token'])), ['tools/call'])).toBeUndefined();
  });

  it('answers a tool call 403 insufficient_scope until a token carries the step-up scope', () => {
    const l = lab({ onCall: 'step-up' });
    const first = String(signIn(l).answer['access_token']);
    const refused = l.resource.gate(bearer(first), ['tools/call']);
    expect(refused?.status).toBe(403);
    expect(headerOf(refused?.headers ?? [], 'www-authenticate')).toMatch(
      /error="insufficient_scope".*scope="mcp:read mcp:write"/,
    );
    const second = String(signIn(l, 'mcp:read mcp:write').answer['access_token']);
    expect(l.resource.gate(bearer(second), ['tools/call'])).toBeUndefined();
  });

  it('refuses an expired token', () => {
    const l = lab();
    const access = String(signIn(l).answer['access_token']);
    l.later(2 * 60 * 60_000);
    expect(headerOf(l.resource.gate(bearer(access), ['initialize'])?.headers ?? [], 'www-authenticate')).toMatch(/expired/);
  });
});
