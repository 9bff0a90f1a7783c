/** `auth-dcr`: the server offers registration only by DCR: does the client register itself? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { dcrFact } from './sign-in-facts.ts';

/** The scenario. */
export const authDcr = authScenario(
  'auth-dcr',
  'The server offers registration only by DCR: does the client register itself?',
  { ...openVariant, cimd: false },
  [dcrFact],
);
