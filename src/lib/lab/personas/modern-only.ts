/**
 * `modern-only`: a server that offers 2026-07-28 only. It refuses `initialize` with -32022 naming
 * its version, and holds a modern request to every header the transport requires.
 */
import { MODERN_REVISION } from '../../mcp/protocol.ts';
import { modernRequest, unsupportedVersion, type PersonaRules } from './persona.ts';

/** The modern-only persona. */
export const modernOnly: PersonaRules = {
  supported: [MODERN_REVISION],
  request: (request, context, version, server) => {
    if (request.method === 'initialize') {
      // A modern-only server SHOULD name its versions in any error to initialize
      // (versioning.mdx:154-157): -32022 lists them.
      const offered = request.params['protocolVersion'];
      return unsupportedVersion(modernOnly.supported, request.id, typeof offered === 'string' ? offered : '');
    }
    return modernRequest(modernOnly.supported, true, request, context, version, server);
  },
};
