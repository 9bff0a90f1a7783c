/**
 * What a capture's handshake decides, whatever scenario (or none) followed it. Its features: how the
 * client opened, which versions it offered and accepted, whether it probed `server/discover`, fell
 * back, retried on -32022, sent the version header on HTTP, and listed only what the server
 * declared. Its revision: whether the client held a session at the revision its persona offered
 * (the revision cells, src/lib/cells/cell-observations.ts, and the probe's `draft` read the same
 * decision), and which client capabilities it declared. Read from the capture alone: the persona
 * in its header says what the probe answered.
 * 2025-11-25/basic/lifecycle.mdx; 2026-07-28/basic/versioning.mdx, transports/*.mdx, at SPEC_COMMIT.
 */
import { answerTo } from '../evidence/capture-facts.ts';
import type { Capture } from '../evidence/capture.ts';
import { capabilityDeclarations, extensionsOf } from '../mcp/capabilities.ts';
import { isRecord } from '../mcp/json.ts';
import { metaOf, methodOf, paramsOf } from '../mcp/jsonrpc.ts';
import { headerValues, messagesFrom, type FoundMessage } from '../mcp/messages.ts';
import { CLIENT_NOTIFICATION, CLIENT_REQUEST } from '../mcp/methods.ts';
import { ERROR, META, MODERN_REVISION } from '../mcp/protocol.ts';
import { fact, nothingMore, responseTo } from './evidence.ts';
import { openingFacts } from './opening.ts';
import { transportFacts } from './transport.ts';
import type { FeatureFact, ParsedCapture, Scenario } from './scenario.ts';

const isModern = ({ message }: FoundMessage) =>
  methodOf(message) === CLIENT_REQUEST.discover || typeof metaOf(message)[META.protocolVersion] === 'string';

/** lifecycle.version.acceptOlder: answered an older version than it offered, the client went on with it. */
const acceptOlder = (capture: ParsedCapture, client: FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.version.acceptOlder';
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  if (init === undefined) return undefined;
  const answer = responseTo(capture, 'probe', init.message['id'], init.seq);
  const result = answer?.message['result'];
  const answered = isRecord(result) ? result['protocolVersion'] : undefined;
  const offered = paramsOf(init.message)['protocolVersion'];
  if (answer === undefined || typeof answered !== 'string' || typeof offered !== 'string') return undefined;
  if (answered >= offered)
    return fact(feature, 'not-observed', `the probe answered the version the client offered (${offered})`, [
      init.seq,
      answer.seq,
    ]);
  const next = client.find(({ seq, message }) => seq > answer.seq && methodOf(message) !== CLIENT_REQUEST.initialize);
  if (next !== undefined)
    return fact(
      feature,
      'yes',
      `offered ${offered} and answered ${answered}, the client went on (${methodOf(next.message) || 'a response'})`,
      [init.seq, answer.seq, next.seq],
    );
  return fact(feature, 'no', `offered ${offered} and answered ${answered}, ${nothingMore(capture)}`, [init.seq, answer.seq]);
};

/** lifecycle.serverDiscover: the client probed `server/discover`, or opened without it. */
const serverDiscover = (client: FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.serverDiscover';
  const discover = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.discover);
  if (discover !== undefined) return fact(feature, 'yes', 'the client sent server/discover', [discover.seq]);
  const first = client.find(({ message }) => methodOf(message) !== '');
  if (first === undefined) return undefined;
  return fact(feature, 'no', `the client opened with ${methodOf(first.message)} and never sent server/discover`, [first.seq]);
};

/** lifecycle.dualEra.fallback: a modern attempt against a legacy persona, then `initialize`. */
const dualEraFallback = (capture: ParsedCapture, client: FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.dualEra.fallback';
  if (!capture.header.persona.startsWith('legacy:')) return undefined;
  const modern = client.find(isModern);
  if (modern === undefined) return undefined;
  const init = client.find(({ seq, message }) => seq > modern.seq && methodOf(message) === CLIENT_REQUEST.initialize);
  return init !== undefined
    ? fact(feature, 'yes', `after ${methodOf(modern.message)} to a legacy server, the client fell back to initialize`, [
        modern.seq,
        init.seq,
      ])
    : fact(feature, 'no', `after ${methodOf(modern.message)} to a legacy server, the client never sent initialize`, [modern.seq]);
};

/** lifecycle.version.retryOnUnsupported: after -32022, a request at a version from `data.supported`. */
const retryOnUnsupported = (capture: ParsedCapture, client: FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.version.retryOnUnsupported';
  const refusal = messagesFrom(capture, 'probe').find(
    ({ message }) => isRecord(message['error']) && message['error']['code'] === ERROR.unsupportedProtocolVersion,
  );
  if (refusal === undefined) return undefined;
  const error = refusal.message['error'];
  const data = isRecord(error) ? error['data'] : undefined;
  const supported = isRecord(data) && Array.isArray(data['supported']) ? data['supported'] : [];
  const later = client.filter(({ seq, message }) => seq > refusal.seq && methodOf(message) !== '');
  const retry = later.find(({ message }) => {
    const version =
      metaOf(message)[META.protocolVersion] ??
      (methodOf(message) === CLIENT_REQUEST.initialize ? paramsOf(message)['protocolVersion'] : undefined);
    return typeof version === 'string' && supported.includes(version);
  });
  if (retry !== undefined)
    return fact(feature, 'yes', 'after -32022 the client retried at a version the probe named', [refusal.seq, retry.seq]);
  return later.length > 0
    ? fact(feature, 'no', 'after -32022 the client went on without a version the probe named', [refusal.seq, later[0]?.seq ?? 0])
    : fact(feature, 'no', `after -32022 ${nothingMore(capture)}`, [refusal.seq]);
};

/** transports.streamableHttp.protocolVersionHeader: every HTTP request after the version is settled carries it, agreeing with `_meta`. */
const versionHeader = (capture: ParsedCapture, client: FoundMessage[]): FeatureFact | undefined => {
  const feature = 'transports.streamableHttp.protocolVersionHeader';
  if (capture.header.transport !== 'http') return undefined;
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  const answer = init === undefined ? undefined : responseTo(capture, 'probe', init.message['id'], init.seq);
  const answered = answer?.message['result'];
  // On a legacy session the header must name the version initialize settled (2025-11-25/basic/transports.mdx:263-280).
  const settled = isRecord(answered) ? answered['protocolVersion'] : undefined;
  const bad: number[] = [];
  const good: number[] = [];
  for (const event of capture.events) {
    if (event.from !== 'client' || event.kind !== 'http' || event.method !== 'POST') continue;
    const own = client.filter((item) => item.seq === event.seq);
    const meta = own.map(({ message }) => metaOf(message)[META.protocolVersion]).find((value) => typeof value === 'string');
    const headers = headerValues(event, 'mcp-protocol-version');
    if (typeof meta === 'string') (headers.length === 1 && headers[0] === meta ? good : bad).push(event.seq);
    else if (answer !== undefined && event.seq > answer.seq)
      (headers.length === 1 && headers[0] === settled ? good : bad).push(event.seq);
  }
  if (good.length + bad.length === 0) return undefined;
  if (bad.length === 0)
    return fact(
      feature,
      'yes',
      `all ${good.length} request(s) after the version was settled carried MCP-Protocol-Version naming it`,
      good.slice(0, 5),
    );
  if (good.length === 0)
    return fact(feature, 'no', `none of ${bad.length} request(s) carried a matching MCP-Protocol-Version`, bad.slice(0, 5));
  return fact(
    feature,
    'partial',
    `${bad.length} of ${good.length + bad.length} request(s) lacked a matching MCP-Protocol-Version`,
    bad.slice(0, 5),
  );
};

/** lifecycle.capabilityGating: the client listed prompts or resources only where the server declared them. */
const capabilityGating = (capture: ParsedCapture, client: FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.capabilityGating';
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  const answer = init === undefined ? undefined : responseTo(capture, 'probe', init.message['id'], init.seq);
  const result = answer?.message['result'];
  const declared = isRecord(result) && isRecord(result['capabilities']) ? result['capabilities'] : undefined;
  if (declared === undefined || answer === undefined) return undefined;
  const lists = [
    [CLIENT_REQUEST.promptsList, 'prompts'],
    [CLIENT_REQUEST.resourcesList, 'resources'],
    [CLIENT_REQUEST.toolsList, 'tools'],
  ] as const;
  const undeclared = client.find(({ message }) =>
    lists.some(([method, capability]) => methodOf(message) === method && !(capability in declared)),
  );
  if (undeclared !== undefined)
    return fact(feature, 'no', `the client sent ${methodOf(undeclared.message)}, which the server did not declare`, [
      answer.seq,
      undeclared.seq,
    ]);
  const listed = client.find(({ message }) => lists.some(([method]) => methodOf(message) === method));
  return listed === undefined
    ? undefined
    : fact(feature, 'yes', 'the client listed only what the server declared', [answer.seq, listed.seq]);
};

/** Whether the client sent `notifications/initialized` (it completed the legacy handshake). */
export const initialized = (capture: ParsedCapture): boolean =>
  messagesFrom(capture, 'client').some(({ message }) => methodOf(message) === CLIENT_NOTIFICATION.initialized);

/** The handshake facts of any capture, how it opened and how it used its transport included: only those the capture can speak to. */
export const handshakeFacts = (capture: ParsedCapture): FeatureFact[] => {
  const client = messagesFrom(capture, 'client');
  return [
    ...openingFacts(capture, client),
    ...transportFacts(capture),
    acceptOlder(capture, client),
    serverDiscover(client),
    dualEraFallback(capture, client),
    retryOnUnsupported(capture, client),
    versionHeader(capture, client),
    capabilityGating(capture, client),
  ].filter((item) => item !== undefined);
};

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

/** The harmless tool every persona lists after the handshake: it returns the text it is given. */
export const probeTool = {
  name: 'echo',
  title: 'Echo',
  description: 'Returns the text it is given. It reads and changes nothing.',
  inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
} as const;

/**
 * The handshake alone, as a scenario: what a run without `--scenario` plays. The probe answers as
 * its persona and offers its one tool; the stand-in model calls nothing, and the client's session
 * runs to its end. Every capture is judged by it, whatever scenario followed (index.ts).
 */
export const handshake: Scenario = {
  name: 'handshake',
  description: 'The handshake alone: how the client opens, which versions it offers and accepts, over which transport.',
  revision: '2025-11-25',
  offers: { tools: [probeTool] },
  results: {},
  calls: [],
  steps: [],
  judge: handshakeFacts,
  handshakeOnly: true,
};
