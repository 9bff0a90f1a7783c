/** `auth-cimd`: the server offers only Client ID Metadata Documents: does the client use its metadata URL as client_id? The authorization side: src/lib/lab/auth/; the judge: sign-in-facts.ts. */
import { authScenario, openVariant } from './auth-scenario.ts';
import { cimdFact } from './sign-in-facts.ts';

/** The scenario. */
export const authCimd = authScenario(
  'auth-cimd',
  'The server offers only Client ID Metadata Documents: does the client use its metadata URL as client_id?',
  { ...openVariant, dcr: false },
  [cimdFact],
);
