/** `auth-refresh`: the endpoint refuses the signed-in token as revoked at the first tool call: does the client refresh it and call again? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { refreshFact } from './sign-in-facts.ts';

/** The scenario. */
export const authRefresh = authScenario(
  'auth-refresh',
  'The endpoint refuses the signed-in token as revoked at the first tool call: does the client refresh it and call again?',
  { ...openVariant, onCall: 'revoke' },
  [refreshFact],
);
