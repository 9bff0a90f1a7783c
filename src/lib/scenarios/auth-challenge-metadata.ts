/** `auth-challenge-metadata`: the protected-resource metadata is only at the URL the 401 names: does the client read it there? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { resourceMetadataFact } from './sign-in-facts.ts';

/** The scenario. */
export const authChallengeMetadata = authScenario(
  'auth-challenge-metadata',
  'The protected-resource metadata is only at the URL the 401 names: does the client read it there?',
  { ...openVariant, resourceMetadataAt: 'challenge' },
  [resourceMetadataFact],
);
