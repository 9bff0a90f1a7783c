/**
 * The HTTP side of MCP's Streamable HTTP transport: the headers it defines (names lowercase, since
 * HTTP header names match without case), the two media types a client must accept, the methods
 * whose `Mcp-Name` header names what they act on, and the Base64 sentinel a header value may be
 * written in. Read at SPEC_COMMIT (protocol.ts): 2025-11-25/basic/transports.mdx:91-104, 195-215,
 * 263-280; 2026-07-28/basic/transports/streamable-http.mdx:286-300, 486-504.
 */

/** The header names MCP defines, lowercase. */
export const MCP_HEADER = {
  /** A legacy session's id, assigned with the `initialize` result (2025-11-25/basic/transports.mdx:195-215). */
  sessionId: 'mcp-session-id',
  /** The negotiated (legacy) or per-request (2026-07-28) version (2025-11-25/basic/transports.mdx:263-280). */
  protocolVersion: 'mcp-protocol-version',
  /** The request's method, required on every 2026-07-28 request (streamable-http.mdx:286-293). */
  method: 'mcp-method',
  /** `params.name` or `params.uri` of a call, read or prompt get (streamable-http.mdx:286-293). */
  name: 'mcp-name',
} as const;

/** The media types a client's POST must list in `Accept`, both (2025-11-25/basic/transports.mdx:91-93). */
export const MEDIA_TYPE = { json: 'application/json', sse: 'text/event-stream' } as const;

/** The methods whose `Mcp-Name` header carries a params field, and which field (streamable-http.mdx:290-291). */
export const NAMED_METHODS: Readonly<Record<string, 'name' | 'uri'>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
};

/** The media types an `Accept` header value lists, lowercase, without parameters (`;q=…`). */
export const acceptedTypes = (value: string): string[] =>
  value
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim().toLowerCase())
    .filter((type) => type !== '');

/** A header value in the Base64 sentinel form decoded (streamable-http.mdx:486-504); others as they are. */
export const decodeSentinel = (value: string): string => {
  const match = /^=\?base64\?(.*)\?=$/.exec(value);
  if (!match) return value;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(atob(match[1] ?? ''), (c) => c.charCodeAt(0)));
  } catch {
    return value;
  }
};
