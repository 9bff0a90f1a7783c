/**
 * How much the probe takes from one client before it stops listening: a flood, a huge line or a
 * client that never closes ends in a recorded refusal, never in a crash, a hang or an unbounded file.
 */

/** The ceilings of one capture. */
export interface Limits {
  /** A stdio line or an HTTP body longer than this is refused, its bytes counted but not kept. */
  maxMessageBytes: number;
  /** The capture file's size; the event that would pass it ends the capture. */
  maxCaptureBytes: number;
  /** Messages (stdio lines or HTTP requests) the probe answers; the next one ends the capture. */
  maxMessages: number;
  /** How long the probe runs before it records a timeout and stops, in milliseconds. */
  maxRunMs: number;
  /** How long an HTTP request may take to arrive whole, in milliseconds. */
  maxRequestMs: number;
}

/** The limits a run gets unless it asks for others. */
export const defaultLimits: Limits = {
  maxMessageBytes: 1024 * 1024,
  maxCaptureBytes: 8 * 1024 * 1024,
  maxMessages: 500,
  maxRunMs: 120_000,
  maxRequestMs: 10_000,
};
