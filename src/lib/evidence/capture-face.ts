/**
 * Which face of a client a capture shows, as far as its identity goes: a session, a health check
 * (`claude mcp list`, `qwen mcp list`, whose `mcp-test-client` is a separate client), or the lab's
 * own script driving an SDK, whose clientInfo is the script's name and no client's.
 */
import { clientInfoOf, infoText } from './capture-facts.ts';
import type { Capture } from './capture.ts';

/** What kind of face made a capture. */
export type FaceKind = 'session' | 'health-check' | 'lab-script';

/** Commands that make a client only check a server's health (`claude mcp list`, `amp mcp doctor`). */
const HEALTH_CHECK_COMMAND = /\bmcp (list|doctor)\b/;
/** The clientInfo name Gemini CLI's and Qwen Code's health checks send instead of the session's. */
const HEALTH_CHECK_NAME = 'mcp-test-client';

/** Whether a capture was made by a client's health check rather than by a session. */
export const isHealthCheck = (capture: Pick<Capture, 'header' | 'events'>): boolean =>
  HEALTH_CHECK_COMMAND.test(capture.header.command ?? '') || infoText(clientInfoOf(capture), 'name') === HEALTH_CHECK_NAME;

/**
 * A capture's face kind. A capture of the `sdk` path is made by the lab's own script on the SDK
 * (src/probe/recipes.ts), which names itself (`canimcp-sdk-recipe`): that name is the lab's, and a
 * server must not map it to a client.
 */
export const faceKind = (capture: Pick<Capture, 'header' | 'events'>): FaceKind =>
  capture.header.path === 'sdk' ? 'lab-script' : isHealthCheck(capture) ? 'health-check' : 'session';

/**
 * The face a capture speaks for: the client's face (`path`), its transport and the command that
 * made it connect (which names its mode, a health check or a session). A capture speaks only for
 * the face, version, transport and mode it was made in, so captures of two faces never share a run.
 */
export const faceOf = (capture: Pick<Capture, 'header'>): string =>
  `${capture.header.path} · ${capture.header.transport} · ${capture.header.command ?? ''}`;
