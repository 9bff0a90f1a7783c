/**
 * How a client opens, whatever scenario (or none) followed: the legacy `initialize` handshake
 * (2025-11-25/basic/lifecycle.mdx:40-60 and 147-159: `initialize` first, with the version, the
 * capabilities and clientInfo; `notifications/initialized` after the result; no request but ping
 * before the result), the identity it gives (schema/2025-11-25/schema.ts:545-568: a name and a
 * version), and the per-request `_meta` of a 2026-07-28 request (2026-07-28/basic/index.mdx:365-392:
 * protocolVersion and clientCapabilities required on every request, clientInfo recommended).
 * All read at SPEC_COMMIT (src/lib/mcp/protocol.ts). Pure; called for every capture.
 */
import { isRecord } from '../mcp/json.ts';
import { metaOf, methodOf, paramsOf } from '../mcp/jsonrpc.ts';
import type { FoundMessage } from '../mcp/messages.ts';
import { CLIENT_NOTIFICATION, CLIENT_REQUEST } from '../mcp/methods.ts';
import { META, MODERN_REVISION } from '../mcp/protocol.ts';
import { fact, responseTo } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/** A request (a method and an id), as opposed to a notification or a response. */
const isRequest = ({ message }: FoundMessage) => methodOf(message) !== '' && 'id' in message;

/** A request in the 2026-07-28 shape: `server/discover`, or any carrying a per-request version. */
const isModernRequest = (item: FoundMessage) =>
  isRequest(item) &&
  (methodOf(item.message) === CLIENT_REQUEST.discover || typeof metaOf(item.message)[META.protocolVersion] === 'string');

/** The client's requests of its 2026-07-28 attempt: every request before its first `initialize`, or all where it sent none. */
const modernAttempt = (client: readonly FoundMessage[]): FoundMessage[] => {
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  return client.filter((item) => isRequest(item) && (init === undefined || item.seq < init.seq) && item !== init);
};

/** The fields `initialize` must carry that this one lacks (or carries in the wrong shape). */
const missingFields = (params: Record<string, unknown>): string[] => [
  ...(typeof params['protocolVersion'] === 'string' ? [] : ['protocolVersion']),
  ...(isRecord(params['capabilities']) ? [] : ['capabilities']),
  ...(isRecord(params['clientInfo']) ? [] : ['clientInfo']),
];

/** lifecycle.initialize: opened with a complete `initialize`, then `notifications/initialized` after the result, before other requests. */
export const initializeFact = (capture: ParsedCapture, client: readonly FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.initialize';
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  if (init === undefined) {
    const first = client.find(({ message }) => methodOf(message) !== '');
    if (first === undefined) return undefined;
    const modern = client.find(isModernRequest);
    const answered = modern === undefined ? undefined : responseTo(capture, 'probe', modern.message['id'], modern.seq);
    if (modern !== undefined && answered !== undefined && 'result' in answered.message)
      return fact(
        feature,
        'not-observed',
        `the probe answered the client's 2026-07-28 ${methodOf(modern.message)}, and a 2026-07-28 session has no initialize`,
        [modern.seq, answered.seq],
      );
    if (capture.header.persona === 'modern-only')
      return fact(feature, 'not-observed', 'the probe offered 2026-07-28 only, and the client sent no initialize', [first.seq]);
    return fact(feature, 'no', `the client opened with ${methodOf(first.message)} and never sent initialize`, [first.seq]);
  }
  const missing = missingFields(paramsOf(init.message));
  const answer = responseTo(capture, 'probe', init.message['id'], init.seq);
  if (answer === undefined || !('result' in answer.message)) {
    if (missing.length > 0) return fact(feature, 'partial', `initialize lacked ${missing.join(', ')}`, [init.seq]);
    return fact(
      feature,
      'not-observed',
      answer === undefined
        ? 'the probe never answered initialize'
        : 'the probe refused initialize, so no handshake could complete',
      answer === undefined ? [init.seq] : [init.seq, answer.seq],
    );
  }
  const later = client.filter(({ seq }) => seq > init.seq);
  const early = later.find((item) => item.seq < answer.seq && isRequest(item) && methodOf(item.message) !== CLIENT_REQUEST.ping);
  const initialized = later.find(({ message }) => methodOf(message) === CLIENT_NOTIFICATION.initialized);
  const firstRequest = later.find(
    (item) => item.seq > answer.seq && isRequest(item) && methodOf(item.message) !== CLIENT_REQUEST.ping,
  );
  const problems = [
    ...(missing.length > 0 ? [`initialize lacked ${missing.join(', ')}`] : []),
    ...(early === undefined ? [] : [`it sent ${methodOf(early.message)} before the result`]),
  ];
  const seq = [init.seq, answer.seq];
  const offered = paramsOf(init.message)['protocolVersion'];
  const result = answer.message['result'];
  const answered = isRecord(result) ? result['protocolVersion'] : undefined;
  // A client that does not support the version answered SHOULD disconnect (2025-11-25/basic/lifecycle.mdx:174-176).
  if (initialized === undefined && firstRequest === undefined && answered !== offered)
    return fact(
      feature,
      'not-observed',
      `offered ${String(offered)} and answered ${String(answered)}, the client left without going on, as a client may for a version it does not support`,
      seq,
    );
  if (initialized === undefined) {
    const went = firstRequest === undefined ? 'and sent nothing more' : `and went on with ${methodOf(firstRequest.message)}`;
    return fact(
      feature,
      'partial',
      [`the client never sent notifications/initialized after the result, ${went}`, ...problems].join('; '),
      [...seq, ...(firstRequest === undefined ? [] : [firstRequest.seq])],
    );
  }
  if (initialized.seq < answer.seq) problems.push('it sent notifications/initialized before the result');
  else if (firstRequest !== undefined && firstRequest.seq < initialized.seq)
    problems.push(`it sent ${methodOf(firstRequest.message)} before notifications/initialized`);
  if (problems.length > 0) return fact(feature, 'partial', problems.join('; '), [...seq, initialized.seq]);
  return fact(
    feature,
    'yes',
    'initialize carried protocolVersion, capabilities and clientInfo, and notifications/initialized followed the result before any other request',
    [...seq, initialized.seq],
  );
};

/** A clientInfo field as text: quoted where it is a string, else what it is. */
const shown = (value: unknown): string =>
  typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'none' : JSON.stringify(value);

/** A version that names no release (`0.0.0`, `0.0.0-dev`, `0.0.1`): what a package carries before anyone sets it. */
const isPlaceholderVersion = (version: string) => /^0\.0\.[0-9](?:$|[-+])/.test(version);

/**
 * lifecycle.clientInfo: the identity the client first gave (in `initialize`, or a 2026-07-28
 * request's `_meta`), and what it said: a name and the release's own version is yes; a version
 * missing, a placeholder, or not the release captured is partial.
 */
export const clientInfoFact = (capture: ParsedCapture, client: readonly FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.clientInfo';
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  const modern = client.find(isModernRequest);
  const source =
    init !== undefined && (modern === undefined || init.seq < modern.seq)
      ? { item: init, info: paramsOf(init.message)['clientInfo'], where: 'initialize' }
      : modern !== undefined
        ? { item: modern, info: metaOf(modern.message)[META.clientInfo], where: `${methodOf(modern.message)}'s _meta` }
        : undefined;
  if (source === undefined) return undefined;
  const { item, info, where } = source;
  if (!isRecord(info)) return fact(feature, 'no', `${where} carried no clientInfo`, [item.seq]);
  const { name, version, title } = info;
  // The release the capture was made with, where clientInfo names another: a server sees only clientInfo.
  const release = version === capture.header.version ? '' : ` (the release captured is ${capture.header.version})`;
  const said = `name ${shown(name)}, version ${shown(version)}${typeof title === 'string' ? `, title ${shown(title)}` : ''}${release}`;
  if (typeof name !== 'string' || name === '')
    return fact(feature, 'no', `${where} carried a clientInfo without a name (${said})`, [item.seq]);
  if (typeof version !== 'string' || version === '')
    return fact(feature, 'partial', `${where} carried a clientInfo without a version (${said})`, [item.seq]);
  if (isPlaceholderVersion(version))
    return fact(feature, 'partial', `${where} carried clientInfo ${said}: a placeholder version, not the release`, [item.seq]);
  // A version that is not the release a server talks to (one constant across releases, or another
  // package's) cannot tell a server which release it is. The lab's own script names itself: no release.
  if (release !== '' && capture.header.path !== 'sdk')
    return fact(feature, 'partial', `${where} carried clientInfo ${said}: the version is not the release's`, [item.seq]);
  return fact(feature, 'yes', `${where} carried clientInfo ${said}`, [item.seq]);
};

/** The `_meta` keys the client's requests carried, each once, in the order first seen. */
const metaKeys = (requests: readonly FoundMessage[]): string[] => [
  ...new Set(requests.flatMap(({ message }) => Object.keys(metaOf(message)))),
];

/**
 * Where the 2026-07-28 attempt was `server/discover` alone, answered with a list of versions that
 * names 2026-07-28, and the client still sent `initialize`: the seq of that `initialize`. Such a
 * client uses the modern fields to probe, never for a request of a session.
 */
const probedOnly = (
  capture: ParsedCapture,
  client: readonly FoundMessage[],
  attempt: readonly FoundMessage[],
): number | undefined => {
  if (attempt.length === 0 || attempt.some(({ message }) => methodOf(message) !== CLIENT_REQUEST.discover)) return undefined;
  const offered = attempt.some((item) => {
    const result = responseTo(capture, 'probe', item.message['id'], item.seq)?.message['result'];
    const versions = isRecord(result) ? result['supportedVersions'] : undefined;
    return Array.isArray(versions) && versions.includes(MODERN_REVISION);
  });
  const init = client.find(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
  return offered ? init?.seq : undefined;
};

/** lifecycle.requestMeta: every request of a 2026-07-28 attempt carried protocolVersion and clientCapabilities in `_meta`. */
export const requestMetaFact = (capture: ParsedCapture, client: readonly FoundMessage[]): FeatureFact | undefined => {
  const feature = 'lifecycle.requestMeta';
  const all = client.filter(isRequest);
  if (all.length === 0) return undefined;
  const seen = metaKeys(all);
  const keys = seen.length === 0 ? 'no request carried _meta' : `_meta keys seen: ${seen.join(', ')}`;
  const attempt = modernAttempt(client);
  if (attempt.length === 0) {
    const [first] = all;
    if (capture.header.persona === 'modern-only' && first !== undefined)
      return fact(
        feature,
        'no',
        `offered 2026-07-28 only, the client opened with ${methodOf(first.message)}, without per-request _meta (${keys})`,
        [first.seq],
      );
    return fact(
      feature,
      'not-observed',
      `the client opened a legacy session with initialize (${keys})`,
      first === undefined ? [] : [first.seq],
    );
  }
  const complete = attempt.filter(({ message }) => {
    const meta = metaOf(message);
    return typeof meta[META.protocolVersion] === 'string' && isRecord(meta[META.clientCapabilities]);
  });
  const lacking = attempt.filter((item) => !complete.includes(item));
  const withInfo = attempt.filter(({ message }) => isRecord(metaOf(message)[META.clientInfo])).length;
  const info = `clientInfo on ${withInfo} of ${attempt.length}`;
  const probeOnly = probedOnly(capture, client, attempt);
  if (lacking.length === 0 && probeOnly !== undefined)
    return fact(
      feature,
      'partial',
      `only server/discover carried the per-request fields; the server offered ${MODERN_REVISION} and the client sent initialize after it (${keys})`,
      [...attempt.map(({ seq }) => seq), probeOnly],
    );
  if (lacking.length === 0)
    return fact(
      feature,
      'yes',
      `all ${attempt.length} request(s) carried protocolVersion and clientCapabilities; ${info} (${keys})`,
      attempt.slice(0, 5).map(({ seq }) => seq),
    );
  if (complete.length === 0)
    return fact(
      feature,
      'no',
      `none of ${attempt.length} request(s) carried both protocolVersion and clientCapabilities (${keys})`,
      lacking.slice(0, 5).map(({ seq }) => seq),
    );
  return fact(
    feature,
    'partial',
    `${lacking.length} of ${attempt.length} request(s) lacked protocolVersion or clientCapabilities (${lacking
      .slice(0, 3)
      .map(({ message }) => methodOf(message))
      .join(', ')}); ${info} (${keys})`,
    lacking.slice(0, 5).map(({ seq }) => seq),
  );
};

/** The opening facts of any capture: only those it can speak to. */
export const openingFacts = (capture: ParsedCapture, client: readonly FoundMessage[]): FeatureFact[] =>
  [initializeFact(capture, client), clientInfoFact(capture, client), requestMetaFact(capture, client)].filter(
    (item) => item !== undefined,
  );
