/**
 * `legacy:<revision>`: a server that offers one legacy revision only and knows nothing of 2026-07-28:
 * it ignores `_meta` and answers every request under legacy rules.
 */
import { methodNotFound, legacyRequest, type PersonaRules } from './persona.ts';

/** The legacy persona at `revision`. */
export const legacy = (revision: string): PersonaRules => ({
  supported: [revision],
  request: (request, context, _version, server) => {
    // A legacy server knows no server/discover: on stdio it answers an implementation-defined
    // error, commonly -32601 (2026-07-28/basic/transports/stdio.mdx:135-141); on HTTP without a
    // session it refuses the request (noSession).
    if (request.method === 'server/discover' && !(context.transport === 'http' && context.negotiated === undefined)) {
      return methodNotFound(request, false);
    }
    return legacyRequest([revision], request, context, server);
  },
});
