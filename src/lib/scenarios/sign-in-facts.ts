/**
 * The authorization features as a capture of the authorization lab shows them, one function per
 * feature; each variant's scenario (auth-*.ts) asks for the ones it decides. A feature the client
 * never reached (it stopped before the step, or never met the 401) is `not-observed`, never `no`.
 * MCP's rules: 2025-11-25/basic/authorization.mdx at SPEC_COMMIT (src/lib/mcp/protocol.ts); RFC 7591,
 * RFC 7636, RFC 8707, RFC 9728, RFC 6750 as cited.
 */
import { fact } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';
import {
  acceptedWithToken,
  authorizations,
  jsonBody,
  requestsTo,
  signInView,
  tokenRequests,
  type Exchange,
  type SignInView,
} from './sign-in.ts';

/** The scopes the lab names in each place (src/lib/lab/auth/metadata.ts says the same): the judge reads which a client asked for. */
const NAMED = {
  challenge: 'mcp:read',
  resource: 'mcp:read mcp:tools',
  server: 'mcp:read mcp:tools mcp:admin offline_access',
} as const;

/** How far a sign-in got, in words, for the detail of a `no`. */
export const progress = (view: SignInView): string => {
  const steps: [boolean, string][] = [
    [view.challenges.length > 0, 'met the 401'],
    [
      requestsTo(view, 'resource', /^\/(\.well-known|lab)\//, 'GET').some((item) => item.answer?.status === 200),
      'read the protected-resource metadata',
    ],
    [
      requestsTo(view, 'issuer', /^\/\.well-known\//, 'GET').some((item) => item.answer?.status === 200),
      "read the authorization server's metadata",
    ],
    [requestsTo(view, 'issuer', '/register', 'POST').some((item) => item.answer?.status === 201), 'registered'],
    [view.handoffs.length > 0, 'handed the authorization URL over'],
    [authorizations(view).some((item) => item.answer?.status === 302), 'was authorized'],
    [tokenRequests(view).some((item) => item.answer?.status === 200), 'obtained a token'],
  ];
  const done = steps.filter(([reached]) => reached).map(([, words]) => words);
  return done.length === 0 ? 'the client did nothing of the sign-in' : `the client ${done.join(', ')}`;
};

/** Why the lab refused a request, in its own words: its answer's `error_description`, else its status. */
const refusal = (exchange: Exchange | undefined): string => {
  const said = jsonBody(exchange?.answer?.body ?? '')?.['error_description'];
  return typeof said === 'string' ? said : exchange?.answer === undefined ? 'no answer' : `HTTP ${exchange.answer.status}`;
};

/** The first authorization the lab's browser made, with its query. */
const firstAuthorization = (view: SignInView): (Exchange & { query: URLSearchParams }) | undefined => {
  const first = authorizations(view)[0];
  return first === undefined ? undefined : { ...first, query: first.url.searchParams };
};

/** The sign-ins that issued a token (authorization code grants answered 200). */
const codeTokens = (view: SignInView) =>
  tokenRequests(view).filter((item) => item.grant === 'authorization_code' && item.answer?.status === 200);

/** auth.oauth: the client met the 401, obtained a token by the code flow and sent it on an MCP request that was let through. */
export const oauthFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.oauth';
  const view = signInView(capture);
  const [first] = view.challenges;
  const [token] = codeTokens(view);
  if (token !== undefined) {
    const used = acceptedWithToken(view, token.answer?.seq ?? token.seq)[0];
    return used !== undefined
      ? fact(
          feature,
          'yes',
          'the client obtained a token by the authorization code flow and sent it on an MCP request the endpoint let through',
          [...(first === undefined ? [] : [first.seq]), token.seq, used.seq],
        )
      : fact(
          feature,
          'partial',
          'the client obtained a token, but no MCP request after it carried a token the endpoint let through',
          [token.seq],
        );
  }
  if (first === undefined && view.exchanges.length === 0)
    return fact(feature, 'not-observed', 'the client never met the protected endpoint’s 401', []);
  // Where the lab's own key script stopped before the client reached the authorization server, the
  // sign-in was never asked for: that is the lab's failure, not the client's answer.
  const stopped = capture.events.find(
    (event) => event.kind === 'lifecycle' && event.event === 'error' && /key script stopped/.test(event.detail ?? ''),
  );
  if (stopped !== undefined && !view.exchanges.some((item) => item.place === 'issuer'))
    return fact(
      feature,
      'not-observed',
      `${progress(view)}; the lab's key script stopped before any sign-in reached the authorization server`,
      [stopped.seq],
    );
  return fact(feature, 'no', `${progress(view)}, but never obtained a token`, [first?.seq ?? view.exchanges[0]?.seq ?? 0]);
};

/** auth.pkce.s256: an S256 challenge in the authorization request, and its verifier in the token request the strict server accepted. */
export const pkceFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.pkce.s256';
  const view = signInView(capture);
  const auth = firstAuthorization(view);
  if (auth === undefined) return fact(feature, 'not-observed', `${progress(view)}; no authorization request reached the server`);
  const method = auth.query.get('code_challenge_method');
  const challenge = auth.query.get('code_challenge');
  if (challenge === null || method !== 'S256')
    return fact(
      feature,
      'no',
      challenge === null
        ? 'the authorization request carried no code_challenge'
        : `the code_challenge_method was ${JSON.stringify(method ?? '(none: plain)')}`,
      [auth.seq],
    );
  const exchange = tokenRequests(view).find((item) => item.grant === 'authorization_code');
  if (exchange === undefined)
    return fact(
      feature,
      'not-observed',
      'the authorization request carried an S256 code_challenge; the client never asked for the token',
      [auth.seq],
    );
  if (!exchange.form.has('code_verifier'))
    return fact(feature, 'no', 'the token request carried no code_verifier', [auth.seq, exchange.seq]);
  return exchange.answer?.status === 200
    ? fact(
        feature,
        'yes',
        'an S256 code_challenge in the authorization request, and a code_verifier the server verified in the token request',
        [auth.seq, exchange.seq],
      )
    : fact(
        feature,
        'partial',
        `an S256 code_challenge and a code_verifier, but the token request was refused (${refusal(exchange)})`,
        [auth.seq, exchange.seq],
      );
};

/** auth.resourceIndicators: the MCP endpoint's URL as `resource` in the authorization request and the token request. */
export const resourceFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.resourceIndicators';
  const view = signInView(capture);
  const auth = firstAuthorization(view);
  if (auth === undefined) return fact(feature, 'not-observed', `${progress(view)}; no authorization request reached the server`);
  const exchange = tokenRequests(view).find((item) => item.grant === 'authorization_code');
  const inAuth = auth.query.getAll('resource');
  const inToken = exchange?.form.getAll('resource') ?? [];
  const named = (values: string[]) => (values.length === 0 ? 'none' : values.map((value) => JSON.stringify(value)).join(', '));
  const right = (values: string[]) => values.length === 1 && values[0] === view.resource;
  const detail = `resource in the authorization request: ${named(inAuth)}; in the token request: ${exchange === undefined ? 'no token request' : named(inToken)}`;
  const seq = [auth.seq, ...(exchange === undefined ? [] : [exchange.seq])];
  if (exchange === undefined)
    return inAuth.length === 0 ? fact(feature, 'no', detail, seq) : fact(feature, 'not-observed', detail, seq);
  if (right(inAuth) && right(inToken)) return fact(feature, 'yes', detail, seq);
  if (inAuth.length === 0 && inToken.length === 0) return fact(feature, 'no', detail, seq);
  return fact(feature, 'partial', detail, seq);
};

/** auth.scope: which scope the first authorization request asked for, and where the lab named it. */
export const scopeFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.scope';
  const view = signInView(capture);
  const auth = firstAuthorization(view);
  if (auth === undefined) return fact(feature, 'not-observed', `${progress(view)}; no authorization request reached the server`);
  const asked = (auth.query.get('scope') ?? '').split(' ').filter((item) => item !== '');
  const text = asked.join(' ');
  const sawChallenge = view.challenges.some((item) => item.seq < auth.seq);
  const said = `the client asked for ${text === '' ? 'no scope' : `scope "${text}"`}`;
  const seq = [auth.seq];
  // Judged by the widest list the request covers: a client that asks for the metadata's whole list
  // (with offline_access, say) names the challenge's scope too, but did not take it from the challenge.
  const covers = (list: string) => list.split(' ').every((item) => asked.includes(item));
  const extra = (list: string) => {
    const more = asked.filter((item) => !list.split(' ').includes(item));
    return more.length === 0 ? '' : `, with ${more.join(' ')}`;
  };
  if (covers(NAMED.server))
    return fact(feature, 'partial', `${said}: the authorization server's scopes_supported, not the challenge's`, seq);
  if (covers(NAMED.resource))
    return fact(
      feature,
      'partial',
      `${said}: the protected-resource metadata's scopes_supported${extra(NAMED.resource)}${sawChallenge ? ', not the 401 challenge’s "mcp:read"' : '; it had met no 401 before it asked'}`,
      seq,
    );
  if (text === NAMED.challenge) return fact(feature, 'yes', `${said}: the one the 401 challenge named`, seq);
  if (asked.includes(NAMED.challenge)) return fact(feature, 'yes', `${said}: the challenge's${extra(NAMED.challenge)}`, seq);
  return fact(feature, 'no', `${said}: neither the challenge's nor the metadata's`, seq);
};

/** The redirect URI of the first authorization, in words: its form and port. */
const redirectWords = (view: SignInView): string => {
  const uri = firstAuthorization(view)?.query.get('redirect_uri');
  if (uri === null || uri === undefined) return 'no redirect URI';
  try {
    const url = new URL(uri);
    return `redirect URI ${url.protocol}//${url.hostname}:${url.port || '80'}${url.pathname}`;
  } catch {
    return `redirect URI ${JSON.stringify(uri)}`;
  }
};

/** auth.browserHandoff: how the authorization URL reached the lab's browser, and whether the client's redirect URI took the code. */
export const handoffFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.browserHandoff';
  const view = signInView(capture);
  const callbacks = view.exchanges.filter((item) => item.place === 'client' && item.byBrowser);
  const vias = [
    ...new Set(
      view.handoffs.map((item) =>
        item.via === 'opener'
          ? `the opener ${item.program ?? '?'}`
          : item.via === 'browser-env'
            ? 'the BROWSER variable'
            : 'the URL the client printed',
      ),
    ),
  ];
  const seq = [...view.handoffs.slice(0, 3).map((item) => item.seq), ...callbacks.slice(0, 2).map((item) => item.seq)];
  if (view.handoffs.length === 0) {
    const registered = requestsTo(view, 'issuer', '/register', 'POST').some((item) => item.answer?.status === 201);
    return registered || view.exchanges.some((item) => item.place === 'issuer' && item.url.pathname.startsWith('/.well-known'))
      ? fact(feature, 'no', `${progress(view)}, and handed no authorization URL over: no BROWSER, no opener, nothing printed`, [
          view.exchanges[0]?.seq ?? 0,
        ])
      : fact(feature, 'not-observed', `${progress(view)}; it never came to the authorization URL`);
  }
  const ok = callbacks.find((item) => item.answer !== undefined && item.answer.status < 400);
  const detail = `the lab's browser got the authorization URL from ${vias.join(' and from ')}; ${redirectWords(view)}`;
  if (ok !== undefined)
    return fact(feature, 'yes', `${detail}; the client's redirect URI took the code (HTTP ${ok.answer?.status ?? ''})`, seq);
  const failed = callbacks[0];
  return fact(
    feature,
    'partial',
    failed === undefined
      ? `${detail}; the lab's browser never reached the client's redirect URI`
      : `${detail}; the client's redirect URI answered ${failed.answer === undefined ? 'nothing' : `HTTP ${failed.answer.status}`}`,
    seq,
  );
};

/** auth.registration.dcr: registered at the registration endpoint (the only way the server offered) and signed in with that client. */
export const dcrFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.registration.dcr';
  const view = signInView(capture);
  const metadata = requestsTo(view, 'issuer', /^\/\.well-known\//, 'GET').find((item) => item.answer?.status === 200);
  const registrations = requestsTo(view, 'issuer', '/register', 'POST');
  const made = registrations.filter((item) => item.answer?.status === 201);
  if (made.length > 0) {
    const sent = jsonBody(made[0]?.body ?? '') ?? {};
    const ids = made.map((item) => jsonBody(item.answer?.body ?? '')?.['client_id']);
    const used = authorizations(view).find((item) => ids.includes(item.url.searchParams.get('client_id')));
    const words = `registered ${made.length === 1 ? 'once' : `${made.length} times`} (client_name ${JSON.stringify(sent['client_name'] ?? null)}, token_endpoint_auth_method ${JSON.stringify(sent['token_endpoint_auth_method'] ?? '(none given)')}, redirect_uris ${JSON.stringify(sent['redirect_uris'] ?? null)})`;
    return used !== undefined
      ? fact(feature, 'yes', `${words}, and asked for authorization as that client`, [made[0]?.seq ?? 0, used.seq])
      : fact(feature, 'partial', `${words}, but no authorization request named that client`, [made[0]?.seq ?? 0]);
  }
  if (registrations.length > 0) {
    return fact(feature, 'no', `the registration was refused: ${refusal(registrations[0])}`, [registrations[0]?.seq ?? 0]);
  }
  if (metadata === undefined)
    return fact(feature, 'not-observed', `${progress(view)}; it never read the metadata that offers registration`);
  return fact(
    feature,
    'no',
    "the client read the authorization server's metadata, which offered registration only by DCR, and never registered",
    [metadata.seq],
  );
};

/** auth.registration.cimd: a metadata document's HTTPS URL as client_id, where the server offered only that. */
export const cimdFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.registration.cimd';
  const view = signInView(capture);
  const metadata = requestsTo(view, 'issuer', /^\/\.well-known\//, 'GET').find((item) => item.answer?.status === 200);
  const withUrl = authorizations(view).find((item) => /^https:\/\//i.test(item.url.searchParams.get('client_id') ?? ''));
  if (withUrl !== undefined) {
    const token = tokenRequests(view).find((item) => item.grant === 'authorization_code');
    return fact(
      feature,
      'yes',
      `the client used ${withUrl.url.searchParams.get('client_id') ?? ''} as its client_id${token?.answer?.status === 200 ? ', and obtained a token with it' : ''}`,
      [withUrl.seq, ...(token === undefined ? [] : [token.seq])],
    );
  }
  if (metadata === undefined)
    return fact(feature, 'not-observed', `${progress(view)}; it never read the metadata that offers CIMD`);
  const tried = requestsTo(view, 'issuer', '/register', 'POST')[0];
  return fact(
    feature,
    'no',
    `the client read metadata that offered only Client ID Metadata Documents and never used a metadata URL as client_id${tried === undefined ? '' : ' (it tried to register by DCR, which the server does not offer)'}`,
    [metadata.seq, ...(tried === undefined ? [] : [tried.seq])],
  );
};

/** auth.registration.preregistered: signed in as the client registered beforehand, where the lab could give it one. */
export const preregisteredFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.registration.preregistered';
  const view = signInView(capture);
  const pre = view.preregistered;
  if (pre === undefined || !pre.given)
    return fact(
      feature,
      'not-observed',
      'the lab could not give this client a client registered beforehand: its kit knows no setting for one',
    );
  const used = authorizations(view).find((item) => item.url.searchParams.get('client_id') === pre.clientId);
  const token = tokenRequests(view).find((item) => item.grant === 'authorization_code' && item.answer?.status === 200);
  if (used !== undefined && token !== undefined)
    return fact(
      feature,
      'yes',
      'the client asked for authorization as the client registered beforehand and obtained a token with it',
      [used.seq, token.seq],
    );
  if (used !== undefined) {
    const failed = tokenRequests(view).find((item) => item.grant === 'authorization_code');
    return fact(
      feature,
      'partial',
      `the client asked for authorization as the client registered beforehand, but got no token${failed === undefined ? '' : ` (${refusal(failed)})`}`,
      [used.seq],
    );
  }
  if (view.challenges.length === 0 && view.exchanges.length === 0)
    return fact(feature, 'not-observed', 'the client never met the protected endpoint');
  // A sign-in that never reached the authorization server says nothing of which client it would have used.
  if (!view.exchanges.some((item) => item.place === 'issuer'))
    return fact(feature, 'not-observed', `${progress(view)}; it never reached the authorization server`, [
      view.challenges[0]?.seq ?? view.exchanges[0]?.seq ?? 0,
    ]);
  return fact(feature, 'no', `${progress(view)}, and never used the client registered beforehand`, [
    view.exchanges[0]?.seq ?? view.challenges[0]?.seq ?? 0,
  ]);
};

/** The first tool call the endpoint refused with this status, where there was one. */
const refusedCall = (view: SignInView, status: 401 | 403) =>
  view.mcp.find((item) => item.bearer && item.methods.includes('tools/call') && item.refused?.status === status);

/** Whether a tool call carrying a token was let through after `after`. */
const callGoneThrough = (view: SignInView, after: number) =>
  acceptedWithToken(view, after).find((item) => item.methods.includes('tools/call'));

/** auth.tokenRefresh: after the endpoint refused its token as revoked, the client refreshed it and called again, without the browser. */
export const refreshFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.tokenRefresh';
  const view = signInView(capture);
  const refused = refusedCall(view, 401);
  if (refused === undefined)
    return fact(feature, 'not-observed', `${progress(view)}; no tool call with its token was made, so none was refused`);
  const after = refused.refused?.seq ?? refused.seq;
  const refreshes = tokenRequests(view).filter((item) => item.grant === 'refresh_token' && item.seq > after);
  const good = refreshes.find((item) => item.answer?.status === 200);
  const again = callGoneThrough(view, after);
  const browserAgain = view.handoffs.find((item) => item.seq > after);
  if (good !== undefined)
    return again !== undefined
      ? fact(
          feature,
          'yes',
          'after its token was refused as revoked, the client refreshed it and made the call again with the new one',
          [refused.seq, good.seq, again.seq],
        )
      : fact(
          feature,
          'partial',
          'after its token was refused as revoked, the client refreshed it but did not make the call again',
          [refused.seq, good.seq],
        );
  if (refreshes.length > 0) {
    const registered = requestsTo(view, 'issuer', '/register', 'POST').find((item) => item.seq > after);
    return fact(
      feature,
      'partial',
      `after its token was refused, the client tried a refresh, which the server refused (${refusal(refreshes[0])})${registered === undefined ? '' : ', having registered a new client first'}`,
      [refused.seq, ...(registered === undefined ? [] : [registered.seq]), refreshes[0]?.seq ?? 0],
    );
  }
  // What it did instead, where it did something: a new registration (refused or not) is on the wire.
  const registeredAgain = requestsTo(view, 'issuer', '/register', 'POST').find((item) => item.seq > after);
  const instead = [
    ...(registeredAgain === undefined
      ? []
      : [
          `it tried to register a new client (${registeredAgain.answer?.status === 201 ? 'registered' : `refused: ${refusal(registeredAgain)}`})`,
        ]),
    ...(browserAgain === undefined ? [] : ['it handed a new authorization URL to the browser']),
  ];
  return fact(
    feature,
    'no',
    `after its token was refused as revoked, the client did not use its refresh token${instead.length === 0 ? '' : `; ${instead.join('; ')}`}`,
    [refused.seq, ...[registeredAgain, browserAgain].flatMap((item) => (item === undefined ? [] : [item.seq]))],
  );
};

/** auth.scopeStepUp: after a 403 insufficient_scope, the client authorized again for the scope the challenge named and made the call again. */
export const stepUpFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.scopeStepUp';
  const view = signInView(capture);
  const refused = refusedCall(view, 403);
  if (refused === undefined)
    return fact(
      feature,
      'not-observed',
      `${progress(view)}; no tool call with its token was made, so none was refused for its scope`,
    );
  const after = refused.refused?.seq ?? refused.seq;
  const wanted = (refused.refused?.params['scope'] ?? '').split(' ').filter((item) => item !== '');
  const again = authorizations(view).find((item) => item.seq > after);
  const call = callGoneThrough(view, after);
  if (again === undefined) {
    const refresh = tokenRequests(view).find((item) => item.grant === 'refresh_token' && item.seq > after);
    return fact(
      feature,
      'no',
      `after the 403 insufficient_scope the client did not authorize again${refresh === undefined ? '' : ' (it tried a refresh, which cannot widen the scope)'}`,
      [refused.seq],
    );
  }
  const asked = (again.url.searchParams.get('scope') ?? '').split(' ').filter((item) => item !== '');
  const covers = wanted.every((item) => asked.includes(item));
  if (covers && call !== undefined)
    return fact(feature, 'yes', `after the 403 the client authorized again for "${asked.join(' ')}" and made the call again`, [
      refused.seq,
      again.seq,
      call.seq,
    ]);
  return fact(
    feature,
    'partial',
    `after the 403 the client authorized again for "${asked.join(' ')}" (the challenge named "${wanted.join(' ')}")${call === undefined ? ', but the call did not go through' : ''}`,
    [refused.seq, again.seq],
  );
};

/** auth.asMetadata.oidc: the authorization server's metadata found at the OpenID Connect path, the only one the server serves. */
export const oidcFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.asMetadata.oidc';
  const view = signInView(capture);
  const tried = requestsTo(view, 'issuer', /^\/\.well-known\//, 'GET');
  const oidc = tried.find((item) => item.url.pathname === '/.well-known/openid-configuration' && item.answer?.status === 200);
  const order = [...new Set(tried.map((item) => `${item.url.pathname} (${item.answer?.status ?? '?'})`))].join(', ');
  if (oidc !== undefined) {
    const went = view.exchanges.find(
      (item) => item.place === 'issuer' && item.seq > oidc.seq && !item.url.pathname.startsWith('/.well-known'),
    );
    return went !== undefined
      ? fact(feature, 'yes', `the client read the OpenID Connect discovery document and went on with it (asked ${order})`, [
          oidc.seq,
          went.seq,
        ])
      : fact(feature, 'partial', `the client read the OpenID Connect discovery document but went no further (asked ${order})`, [
          oidc.seq,
        ]);
  }
  const prm = requestsTo(view, 'resource', /^\/(\.well-known|lab)\//, 'GET').find((item) => item.answer?.status === 200);
  if (tried.length > 0)
    return fact(feature, 'no', `the client asked only ${order}, never the OpenID Connect path`, [tried[0]?.seq ?? 0]);
  if (prm !== undefined)
    return fact(
      feature,
      'no',
      'the client read the protected-resource metadata naming the authorization server, and never asked it for metadata',
      [prm.seq],
    );
  return fact(feature, 'not-observed', `${progress(view)}; it never learned where the authorization server is`);
};

/** auth.protectedResourceMetadata: the metadata found at the URL the 401 named, where the well-known paths have none. */
export const resourceMetadataFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'auth.protectedResourceMetadata';
  const view = signInView(capture);
  const named = view.challenges.find((item) => item.params['resource_metadata'] !== undefined);
  const fetched = requestsTo(view, 'resource', /^\/(\.well-known|lab)\//, 'GET');
  // Each path once, in the order first asked: a client that retries asks the same ones again.
  const order = [...new Set(fetched.map((item) => `${item.url.pathname} (${item.answer?.status ?? '?'})`))].join(', ');
  const hit = fetched.find((item) => item.answer?.status === 200);
  if (hit !== undefined) {
    const before = named === undefined || named.seq < hit.seq ? '' : ' before it met any 401';
    // Read is not used: the metadata's point is the authorization server it names.
    const went = view.exchanges.find((item) => item.place === 'issuer' && item.seq > hit.seq);
    if (went === undefined) {
      const elsewhere = requestsTo(
        view,
        'resource',
        /^\/(\.well-known\/oauth-authorization-server|\.well-known\/openid-configuration|register|authorize|token)/,
      ).filter((item) => item.seq > hit.seq);
      return fact(
        feature,
        'no',
        `the client read the protected-resource metadata${before} (asked ${order}) but never went to the authorization server it names${elsewhere.length === 0 ? '' : `; it asked the MCP server's own origin instead (${[...new Set(elsewhere.map((item) => `${item.method} ${item.url.pathname}`))].join(', ')})`}`,
        [...(named === undefined ? [] : [named.seq]), hit.seq, ...elsewhere.slice(0, 1).map((item) => item.seq)],
      );
    }
    return fact(
      feature,
      'yes',
      `the client read the protected-resource metadata${before} (asked ${order}) and went on to the authorization server it names`,
      [...(named === undefined ? [] : [named.seq]), hit.seq, went.seq],
    );
  }
  if (named === undefined)
    return fact(
      feature,
      'not-observed',
      fetched.length === 0
        ? `${progress(view)}; it never met a 401 naming the metadata`
        : `the client asked ${order} and never met a 401`,
      fetched.slice(0, 1).map((item) => item.seq),
    );
  return fact(
    feature,
    'no',
    `the 401 named ${named.params['resource_metadata'] ?? ''}; the client ${fetched.length === 0 ? 'asked for no metadata' : `asked only ${order}`}`,
    [named.seq, ...fetched.slice(0, 2).map((item) => item.seq)],
  );
};
