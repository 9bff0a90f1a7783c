/**
 * Which face of a client a capture shows, as far as its identity goes: a session, a health check
 * (`claude mcp list`, `qwen mcp list`, whose `mcp-test-client` is a separate client), or the lab's
 * own script driving an SDK, whose clientInfo is the script's name and no client's.
 */
import type { CaptureFace } from '../../schema/capture.ts';
import { clientInfoOf, infoText } from './capture-facts.ts';
import type { Capture } from './capture.ts';

/** What kind of face made a capture. */
export type FaceKind = CaptureFace;

/** Commands that make a client only check a server's health (`claude mcp list`, `amp mcp doctor`). */
const HEALTH_CHECK_COMMAND = /\bmcp (list|doctor)\b/;
/** The clientInfo name Gemini CLI's and Qwen Code's health checks send instead of the session's. */
const HEALTH_CHECK_NAME = 'mcp-test-client';

/** Whether a capture was made by a client's health check rather than by a session. */
export const isHealthCheck = (capture: Pick<Capture, 'header' | 'events'>): boolean =>
  HEALTH_CHECK_COMMAND.test(capture.header.command ?? '') || infoText(clientInfoOf(capture), 'name') === HEALTH_CHECK_NAME;

/**
 * A capture's face kind: the header's `face` where the lab wrote one (a harness, whose clientInfo is
 * the library's own); else derived. A capture of the `sdk` path without one was made by the lab's own
 * script on the SDK (src/probe/kits/typescript-sdk.ts), which names itself (`canimcp-sdk-recipe`):
 * that name is the lab's, and a server must not map it to a client.
 */
export const faceKind = (capture: Pick<Capture, 'header' | 'events'>): FaceKind =>
  capture.header.face ?? (capture.header.path === 'sdk' ? 'lab-script' : isHealthCheck(capture) ? 'health-check' : 'session');

/**
 * The face a capture speaks for: the client's face (`path`), its transport, the command that made
 * it connect (which names its mode, a health check or a session) and the setting it flipped, if any.
 * A capture speaks only for the face, version, transport, mode and settings it was made in, so
 * captures of two faces never share a run: a setting switched on in a file leaves the command line
 * as it was (Codex's opt-in 2026-07-28 mode), and only the header's `setting` tells the two apart.
 */
export const faceOf = (capture: Pick<Capture, 'header'>): string =>
  `${capture.header.path} · ${capture.header.transport} · ${capture.header.command ?? ''}${
    capture.header.setting === undefined ? '' : ` (setting ${capture.header.setting})`
  }`;

/** The program file a harness capture's command names (`python python-sdk.py …` names `python-sdk.py`). */
export const harnessFileOf = (capture: Pick<Capture, 'header'>): string | undefined =>
  capture.header.face === 'harness'
    ? (capture.header.command ?? '').split(' ').find((word) => /^[\w.-]+\.(?:py|mjs|cjs|js|ts|java)$/.test(word))
    : undefined;

/** Every harness file a client's captures name, in order, once each: what its page links to. */
export const harnessFiles = (captures: readonly Pick<Capture, 'header'>[]): string[] => [
  ...new Set(captures.flatMap((capture) => harnessFileOf(capture) ?? [])),
];
