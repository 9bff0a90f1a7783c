/** `auth-step-up`: the first tool call is refused 403 insufficient_scope for a scope no metadata lists: does the client authorize again for it? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { stepUpFact } from './sign-in-facts.ts';

/** The scenario. */
export const authStepUp = authScenario(
  'auth-step-up',
  'The first tool call is refused 403 insufficient_scope for a scope no metadata lists: does the client authorize again for it?',
  { ...openVariant, onCall: 'step-up' },
  [stepUpFact],
);
