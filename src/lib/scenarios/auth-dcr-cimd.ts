/** `auth-dcr-cimd`: the server offers both DCR and CIMD: does the client sign in by the code flow, with PKCE S256, the resource indicator, and which scope? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { oauthFact, pkceFact, resourceFact, scopeFact } from './sign-in-facts.ts';

/** The scenario. */
export const authDcrCimd = authScenario(
  'auth-dcr-cimd',
  'The server offers both DCR and CIMD: does the client sign in by the code flow, with PKCE S256, the resource indicator, and which scope?',
  openVariant,
  [oauthFact, pkceFact, resourceFact, scopeFact],
);
