/** `auth-preregistered`: the server offers no registration, and the client is given one registered beforehand: does it sign in with it? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { preregisteredFact } from './sign-in-facts.ts';

/** The scenario. */
export const authPreregistered = authScenario(
  'auth-preregistered',
  'The server offers no registration, and the client is given one registered beforehand: does it sign in with it?',
  { ...openVariant, dcr: false, cimd: false, preregistered: true },
  [preregisteredFact],
);
