/**
 * What every scenario of the authorization lab shares (one file per variant beside this one): the
 * protected server offers one harmless tool, the stand-in model calls it once, and the variant says
 * what the authorization side offers (src/lib/lab/auth/). The server behind the sign-in is plain: the
 * sign-in is what is observed. A variant's judge asks the features it decides (sign-in-facts.ts).
 */
import type { AuthVariant, FeatureFact, ParsedCapture, Scenario, Tool } from './scenario.ts';

/** The one tool behind the sign-in. */
export const signedInTool: Tool = {
  name: 'echo_signed_in',
  description: 'Answers with a short text once the client is signed in to the lab server.',
  inputSchema: { type: 'object', properties: {} },
  annotations: { readOnlyHint: true },
};

/** The variant most scenarios change one thing of: DCR and CIMD both offered, metadata where the spec puts it, BROWSER set. */
export const openVariant: AuthVariant = {
  dcr: true,
  cimd: true,
  preregistered: false,
  metadataAt: 'oauth',
  resourceMetadataAt: 'well-known',
  browserEnv: true,
};

/** A scenario of the authorization lab: its name, what it asks, its variant, and the facts its judge gives. */
export const authScenario = (
  name: string,
  description: string,
  variant: AuthVariant,
  facts: readonly ((capture: ParsedCapture) => FeatureFact)[],
): Scenario => ({
  name,
  description,
  revision: '2025-11-25',
  offers: { tools: [signedInTool] },
  results: { [signedInTool.name]: { content: [{ type: 'text', text: 'cmcp-signed-in-a1 the protected tool ran' }] } },
  calls: [{ tool: signedInTool.name, arguments: {} }],
  prompt: `Call ${signedInTool.name} on the lab server, then say done.`,
  steps: [],
  auth: variant,
  judge: (capture) => facts.map((decide) => decide(capture)),
});
