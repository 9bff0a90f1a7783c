/** `auth-no-browser`: bROWSER is not set: how does the authorization URL reach the user (an opener, a printed URL), and which redirect URI waits for it? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { handoffFact } from './sign-in-facts.ts';

/** The scenario. */
export const authNoBrowser = authScenario(
  'auth-no-browser',
  'BROWSER is not set: how does the authorization URL reach the user (an opener, a printed URL), and which redirect URI waits for it?',
  { ...openVariant, browserEnv: false },
  [handoffFact],
);
