/**
 * `observe`: a dual-era server that lets the client choose. It supports 2026-07-28 and every legacy
 * revision, picks the era from how the client opens, and checks only the modern header MUST, so a
 * client that leaves a header out is still seen going on.
 */
import { LEGACY_REVISIONS, MODERN_REVISION } from '../../mcp/protocol.ts';
import { legacyRequest, modernRequest, type PersonaRules } from './persona.ts';

/** The observing persona. */
export const observe: PersonaRules = {
  // The modern version first, as the example in 2026-07-28/basic/versioning.mdx:54-67 lists them.
  supported: [MODERN_REVISION, ...LEGACY_REVISIONS],
  request: (request, context, version, server) =>
    // A dual-era server picks the era from how the client opens: modern `_meta` is served
    // statelessly, `initialize` selects legacy semantics (versioning.mdx:174-180). A
    // server/discover is modern by its nature (2026-07-28/server/discover.mdx:7-9).
    request.method !== 'initialize' && (version !== undefined || request.method === 'server/discover')
      ? modernRequest(observe.supported, false, request, context, version, server)
      : legacyRequest(LEGACY_REVISIONS, request, context, server),
};
