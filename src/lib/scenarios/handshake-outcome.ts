/**
 * What a capture's handshake decides, pure, so the build, `npm run check` and the probe's `draft`
 * judge a capture the same way: whether the client held a session at the revision its persona
 * offered, and which client capabilities it declared. Moved here from src/probe (draft.ts,
 * facts.ts), which now read it from here.
 */
import { capabilityDeclarations, extensionsOf } from '../mcp/capabilities.ts';
import { isRecord } from '../mcp/json.ts';
import { metaOf } from '../mcp/jsonrpc.ts';
import { messagesFrom } from '../mcp/messages.ts';
import { META, MODERN_REVISION } from '../mcp/protocol.ts';
import type { Capture } from '../evidence/capture.ts';

/** The probe's answer to a client request: the message and the event that carried it. */
export const answerTo = (capture: Pick<Capture, 'events'>, id: unknown, after: number) =>
  messagesFrom(capture, 'probe').find(({ message, seq }) => seq > after && message['id'] === id && !('method' in message));

const resultOf = (message: Record<string, unknown> | undefined) =>
  message !== undefined && isRecord(message['result']) ? message['result'] : undefined;

/** What a capture decides about the revision its persona offered only. */
export interface RevisionOutcome {
  revision: string;
  state: 'yes' | 'no';
  because: string;
}

/** A capture header's persona: `observe`, `legacy:<revision>` or `modern-only` (anything else decides nothing). */
const personaOf = (persona: string): { kind: 'legacy'; revision: string } | { kind: 'modern-only' } | { kind: 'other' } => {
  if (persona === 'modern-only') return { kind: 'modern-only' };
  const legacy = /^legacy:(\d{4}-\d{2}-\d{2})$/.exec(persona);
  return legacy ? { kind: 'legacy', revision: legacy[1] as string } : { kind: 'other' };
};

/**
 * What the persona makes conclusive. `legacy:<rev>` offers that revision only: a client that answers
 * the probe's `initialize` result with `notifications/initialized` holds a session at it (yes); one
 * that stops before is refused by it (no). `modern-only` offers 2026-07-28 only: a modern request
 * served with a result is a session (yes); a client that only ever tried `initialize` cannot (no).
 * `observe` lets the client choose, so it proves no revision verdict.
 */
export const revisionOutcome = (
  capture: Pick<Capture, 'events' | 'header'>,
): { outcome?: RevisionOutcome; inconclusive?: string } => {
  const persona = personaOf(capture.header.persona);
  const client = messagesFrom(capture, 'client');
  if (persona.kind === 'other') {
    return { inconclusive: 'observe lets the client choose its version: run legacy:<revision> or modern-only for a verdict' };
  }
  if (persona.kind === 'legacy') {
    const { revision } = persona;
    for (const init of client.filter(({ message }) => message['method'] === 'initialize')) {
      const reply = answerTo(capture, init.message['id'], init.seq);
      if (reply === undefined || resultOf(reply.message)?.['protocolVersion'] !== revision) continue;
      const initialized = client.find(({ message, seq }) => seq > reply.seq && message['method'] === 'notifications/initialized');
      return initialized !== undefined
        ? {
            outcome: {
              revision,
              state: 'yes',
              because: `initialize answered with ${revision} (seq ${reply.seq}), then notifications/initialized (seq ${initialized.seq})`,
            },
          }
        : {
            outcome: {
              revision,
              state: 'no',
              because: `initialize answered with ${revision} (seq ${reply.seq}), and the client went no further`,
            },
          };
    }
    return { inconclusive: `the client never received an initialize result at ${revision}` };
  }
  const modern = client.filter(({ message }) => metaOf(message)[META.protocolVersion] === MODERN_REVISION);
  const served = modern.find(
    ({ message, seq }) =>
      message['method'] !== 'server/discover' && resultOf(answerTo(capture, message['id'], seq)?.message) !== undefined,
  );
  if (served !== undefined) {
    return {
      outcome: {
        revision: MODERN_REVISION,
        state: 'yes',
        because: `${String(served.message['method'])} at ${MODERN_REVISION} served with a result (seq ${served.seq})`,
      },
    };
  }
  if (modern.length === 0 && client.some(({ message }) => message['method'] === 'initialize')) {
    return {
      outcome: {
        revision: MODERN_REVISION,
        state: 'no',
        because: 'the client only tried initialize, refused with -32022, and never sent a 2026-07-28 request',
      },
    };
  }
  return {
    inconclusive: `no ${MODERN_REVISION} request other than server/discover was served, but the client did not only try initialize either`,
  };
};

/**
 * The revision a client held a session at while the probe observed it (persona `observe`), where
 * that proves a revision verdict: the client opened with `initialize` (no `server/discover`
 * before it, so it never saw the modern era offered), the probe echoed the version it offered, and
 * the client went on with `notifications/initialized`. A legacy server offering that revision only
 * would have answered the same, so the client held a session at it with a server that offered it
 * alone. Undefined where it did not, or where the persona is another.
 */
export const heldWhileObserved = (capture: Pick<Capture, 'events' | 'header'>): string | undefined => {
  if (capture.header.persona !== 'observe') return undefined;
  const client = messagesFrom(capture, 'client');
  const first = client.find(({ message }) => typeof message['method'] === 'string');
  if (first?.message['method'] !== 'initialize') return undefined;
  const reply = answerTo(capture, first.message['id'], first.seq);
  const revision = resultOf(reply?.message)?.['protocolVersion'];
  if (reply === undefined || typeof revision !== 'string') return undefined;
  const initialized = client.some(({ message, seq }) => seq > reply.seq && message['method'] === 'notifications/initialized');
  return initialized ? revision : undefined;
};

/**
 * Every client capability key the capture declares, in `initialize` or a modern request's `_meta`,
 * and each extension it declares as `extensions/<id>`.
 */
export const declaredCapabilityKeys = (capture: Pick<Capture, 'events'>): Set<string> =>
  new Set(
    capabilityDeclarations(capture).flatMap(({ capabilities }) => [
      ...Object.keys(capabilities),
      ...extensionsOf(capabilities).map((id) => `extensions/${id}`),
    ]),
  );
