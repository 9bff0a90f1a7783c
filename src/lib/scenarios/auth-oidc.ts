/** `auth-oidc`: the authorization server's metadata is only at the OpenID Connect discovery path: does the client find it? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { oidcFact } from './sign-in-facts.ts';

/** The scenario. */
export const authOidc = authScenario(
  'auth-oidc',
  "The authorization server's metadata is only at the OpenID Connect discovery path: does the client find it?",
  { ...openVariant, metadataAt: 'openid' },
  [oidcFact],
);
