/**
 * The name the lab's client configurations give the probe's server. Clients build names from it:
 * Claude Code's `mcp__canimcp-probe__<tool>`, Qwen Code's clientInfo `qwen-cli-mcp-client-canimcp-probe`.
 * Readers of captures take it from here to tell the server's name from the client's own words.
 */
export const LAB_SERVER_NAME = 'canimcp-probe';
