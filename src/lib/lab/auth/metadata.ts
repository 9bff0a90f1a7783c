/**
 * The documents the lab's authorization side serves, per variant: the protected-resource metadata
 * (RFC 9728 §2, §3), the authorization server's metadata (RFC 8414 §2, or OpenID Connect Discovery
 * 1.0 §3 where the variant serves only that path), and the paths each lives at. The scopes named in
 * the 401's challenge, in the protected-resource metadata and in the authorization server's metadata
 * differ on purpose: the scope a client asks for says which of them it read (2025-11-25/basic/
 * authorization.mdx:333-348, "Scope Selection Strategy", at SPEC_COMMIT).
 */
import type { AuthVariant } from '../../scenarios/scenario.ts';

/** The scopes the lab names, each set in one place only. */
export const LAB_SCOPES = {
  /** In the 401's `WWW-Authenticate` challenge. */
  challenge: ['mcp:read'],
  /** The protected-resource metadata's `scopes_supported`. */
  resource: ['mcp:read', 'mcp:tools'],
  /** The authorization server metadata's `scopes_supported`. */
  server: ['mcp:read', 'mcp:tools', 'mcp:admin', 'offline_access'],
  /** Named only in a 403 `insufficient_scope` challenge: a step up must ask for it. */
  stepUp: 'mcp:write',
} as const;

/** Every scope the authorization server grants: those it lists, and the one only a 403 names. */
export const knownScopes: ReadonlySet<string> = new Set([...LAB_SCOPES.server, LAB_SCOPES.stepUp]);

/** Where each document and endpoint lives: on the MCP server's origin (the resource) or the authorization server's. */
export const AUTH_PATHS = {
  /** RFC 9728 §3.1: the well-known path with the MCP endpoint's path (`/mcp`) appended. */
  resourceMetadata: '/.well-known/oauth-protected-resource/mcp',
  /** Where the `challenge` variant serves it: a URL only the 401 names. */
  challengeMetadata: '/lab/resource-metadata',
  oauthMetadata: '/.well-known/oauth-authorization-server',
  openidMetadata: '/.well-known/openid-configuration',
  register: '/register',
  authorize: '/authorize',
  token: '/token',
  jwks: '/jwks',
} as const;

/** The URL of the protected-resource metadata for a variant: the well-known one, or the one only the 401 names. */
export const resourceMetadataUrl = (resourceOrigin: string, variant: AuthVariant): string =>
  `${resourceOrigin}${variant.resourceMetadataAt === 'challenge' ? AUTH_PATHS.challengeMetadata : AUTH_PATHS.resourceMetadata}`;

/** The protected-resource metadata (RFC 9728 §2): the MCP endpoint as the resource, the lab's authorization server, its scopes. */
export const protectedResourceMetadata = (resource: string, issuer: string): Record<string, unknown> => ({
  resource,
  authorization_servers: [issuer],
  scopes_supported: [...LAB_SCOPES.resource],
  bearer_methods_supported: ['header'],
  resource_name: 'canimcp lab',
});

/**
 * The authorization server's metadata (RFC 8414 §2): PKCE with S256 only (2025-11-25/basic/
 * authorization.mdx: clients MUST verify PKCE support), the issuer in the authorization response
 * (RFC 9207), and the registration the variant offers. Served at the OpenID Connect path, it adds
 * the fields OpenID Connect Discovery requires.
 */
export const authorizationServerMetadata = (issuer: string, variant: AuthVariant): Record<string, unknown> => ({
  issuer,
  authorization_endpoint: `${issuer}${AUTH_PATHS.authorize}`,
  token_endpoint: `${issuer}${AUTH_PATHS.token}`,
  ...(variant.dcr ? { registration_endpoint: `${issuer}${AUTH_PATHS.register}` } : {}),
  response_types_supported: ['code'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  code_challenge_methods_supported: ['S256'],
  token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
  scopes_supported: [...LAB_SCOPES.server],
  authorization_response_iss_parameter_supported: true,
  ...(variant.cimd ? { client_id_metadata_document_supported: true } : {}),
  ...(variant.metadataAt === 'openid'
    ? {
        jwks_uri: `${issuer}${AUTH_PATHS.jwks}`,
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }
    : {}),
});
