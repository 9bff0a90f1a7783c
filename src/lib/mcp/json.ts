/**
 * The JSON shapes every reader of MCP traffic needs, in one place: the probe, check, the site and
 * drift all read what clients sent, and none of it can be trusted to have the shape it claims.
 */

/** Whether a value is a plain JSON object (not null, not an array). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text as JSON, or undefined where it is not JSON. */
export const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
