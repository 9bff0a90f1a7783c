/**
 * What the project takes from the MCP specification's text, and where it read it: the revisions,
 * the `_meta` keys of a modern request and the error codes. Every rule the probe follows cites this
 * commit of modelcontextprotocol/modelcontextprotocol (2026-08-22, the commit the project's fact
 * sheet was compiled from) with a path and lines, so a reviewer can check each against its text.
 */

/** The specification commit every rule was read at. */
export const SPEC_COMMIT = 'b0f60ba5409db7a6582440a7b473cc0398890f15';

/** The modern revision: version, identity and capabilities per request in `_meta`, no handshake. */
export const MODERN_REVISION = '2026-07-28';

/**
 * The legacy revisions, newest first: each starts with an `initialize` handshake.
 * docs/specification/2026-07-28/basic/versioning.mdx:34-39 (Modern: 2026-07-28 and later; Legacy:
 * 2025-11-25 and earlier).
 */
export const LEGACY_REVISIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/**
 * The `_meta` keys a modern request carries and a modern result answers with
 * (docs/specification/2026-07-28/server/discover.mdx:20-28), and the progress token any request may
 * carry (2025-11-25/basic/utilities/progress.mdx:14-30).
 */
export const META = {
  protocolVersion: 'io.modelcontextprotocol/protocolVersion',
  clientInfo: 'io.modelcontextprotocol/clientInfo',
  clientCapabilities: 'io.modelcontextprotocol/clientCapabilities',
  serverInfo: 'io.modelcontextprotocol/serverInfo',
  progressToken: 'progressToken',
} as const;

/**
 * JSON-RPC error codes: the standard ones, and the three the 2026-07-28 revision defines
 * (docs/specification/2026-07-28/basic/index.mdx:109-135).
 */
export const ERROR = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  headerMismatch: -32020,
  unsupportedProtocolVersion: -32022,
} as const;
