/** The probe's name and version, as its captures' headers and its serverInfo give them. */

/** The name the probe answers with in `serverInfo`. */
export const PROBE_NAME = 'canimcp-probe';

/** The probe's version: a capture's `probe` field. Raise it when what the probe answers changes. */
export const PROBE_VERSION = '0.1.0';

/**
 * The name the lab's client configurations give the probe's server. Clients build names from it:
 * Claude Code's `mcp__canimcp-probe__<tool>`, Qwen Code's clientInfo `qwen-cli-mcp-client-canimcp-probe`.
 * Readers of captures take it from here to tell the server's name from the client's own words.
 */
export const LAB_SERVER_NAME = 'canimcp-probe';
