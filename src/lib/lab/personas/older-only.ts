/**
 * `older-only`: a server that refuses the first version a client offers (in `initialize`, or a
 * 2026-07-28 request's `_meta`), and every newer one, with -32022 naming the legacy revisions older
 * than it (2026-07-28/basic/versioning.mdx:48-71), and serves a legacy session at any of those. So a
 * client that speaks an older revision can retry with it, and one that does not retry did not when
 * it could have (lifecycle.version.retryOnUnsupported). Revisions are dates: the older sort first.
 */
import { LEGACY_REVISIONS } from '../../mcp/protocol.ts';
import { legacyRequest, offeredVersion, unsupportedVersion, type PersonaRules } from './persona.ts';

/** The older-only persona. */
export const olderOnly: PersonaRules = {
  supported: [...LEGACY_REVISIONS],
  request: (request, context, version, server) => {
    const offered = offeredVersion(request);
    const refusedFrom = context.firstOffered ?? offered;
    const older = LEGACY_REVISIONS.filter((revision) => refusedFrom !== undefined && revision < refusedFrom);
    if (request.method === 'initialize' || request.method === 'server/discover' || version !== undefined) {
      if (request.method === 'initialize' && offered !== undefined && (older as readonly string[]).includes(offered))
        return legacyRequest(older, request, context, server);
      return unsupportedVersion(older, request.id, offered ?? '');
    }
    return legacyRequest(older, request, context, server);
  },
};
