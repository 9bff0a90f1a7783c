/**
 * The captures a feature page's row links. A client captured release by release cites dozens of
 * captures in one cell (Claude Code's handshake row: 74), and every client's row of every feature
 * repeating them all outgrew the page budget; the row links the first few its notes cite and sums up
 * the rest, which the client's capture list holds one by one. The twin and `/data/features.json`
 * keep every id.
 */

/** How many of a row's captures the page links by name. */
export const CAPTURES_SHOWN = 3;

/** The captures a row names, and how many more it sums up. */
export const capturesShown = (ids: readonly string[], limit = CAPTURES_SHOWN): { shown: readonly string[]; more: number } =>
  ids.length <= limit + 1 ? { shown: ids, more: 0 } : { shown: ids.slice(0, limit), more: ids.length - limit };
