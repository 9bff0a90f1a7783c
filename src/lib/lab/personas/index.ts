/**
 * The probe's personas, one per run, by name: `observe` (observe.ts), `legacy:<revision>`
 * (legacy.ts) and `modern-only` (modern-only.ts); persona.ts holds what they share. `answer` is the
 * probe's answer to any client message: what is not a request is answered alike by every persona,
 * and a request by the persona's own rules.
 */
import { errorOf, type Incoming } from '../../mcp/jsonrpc.ts';
import { ERROR, LEGACY_REVISIONS } from '../../mcp/protocol.ts';
import { legacy } from './legacy.ts';
import { modernOnly } from './modern-only.ts';
import { observe } from './observe.ts';
import {
  metaVersion,
  reply,
  type Answer,
  type AnswerContext,
  type Persona,
  type PersonaRules,
  type ServerSide,
} from './persona.ts';

export type { Answer, AnswerContext, Persona, PersonaRules, ServerSide } from './persona.ts';

/** The personas' names as a user types them, for help and errors. */
export const personaNames = ['observe', 'legacy:<revision>', 'modern-only'] as const;

/** Reads a persona's name; a name that is not one is an Error that lists the ones that are. */
export const parsePersona = (text: string): Persona => {
  if (text === 'observe') return { kind: 'observe' };
  if (text === 'modern-only') return { kind: 'modern-only' };
  const legacyName = /^legacy:(.*)$/.exec(text);
  if (legacyName) {
    const revision = legacyName[1] ?? '';
    if ((LEGACY_REVISIONS as readonly string[]).includes(revision)) return { kind: 'legacy', revision };
    throw new Error(`--persona: legacy:${revision}: expected a legacy revision, one of ${LEGACY_REVISIONS.join(', ')}`);
  }
  throw new Error(`--persona: expected one of ${personaNames.join(', ')}, got ${JSON.stringify(text)}`);
};

/** A persona as the capture header writes it. */
export const personaText = (persona: Persona): string =>
  persona.kind === 'legacy' ? `legacy:${persona.revision}` : persona.kind;

/** The rules of a parsed persona. */
export const rulesOf = (persona: Persona): PersonaRules =>
  persona.kind === 'legacy' ? legacy(persona.revision) : persona.kind === 'modern-only' ? modernOnly : observe;

/** The probe's answer to one client message, as `persona`, for the default server or a scenario's. */
export const answer = (persona: Persona, incoming: Incoming, context: AnswerContext, server?: ServerSide): Answer => {
  switch (incoming.kind) {
    case 'unparsable':
      return reply(errorOf(null, ERROR.parseError, 'Parse error'), 400);
    case 'invalid':
      return reply(errorOf(incoming.id, ERROR.invalidRequest, `Invalid Request: ${incoming.reason}`), 400);
    case 'batch':
      // Batches were removed in 2025-06-18 (2025-06-18/changelog.mdx:12) and 2026-07-28 allows one
      // message per POST (streamable-http.mdx:80-81): refused as an invalid request.
      return reply(errorOf(null, ERROR.invalidRequest, 'Invalid Request: batches are not supported'), 400);
    case 'notification':
    case 'response':
      // A notification or a response gets no reply; on HTTP, 202 Accepted with no body
      // (streamable-http.mdx:82-84).
      return { status: 202 };
    case 'request':
      return rulesOf(persona).request(incoming, context, metaVersion(incoming.params), server);
  }
};
