/**
 * `http-session-expiry`: the server ends the session once its first tool call is answered, so the
 * client's next request with that `Mcp-Session-Id` gets 404; a client MUST then start a new session
 * with a new `initialize` (2025-11-25/basic/transports.mdx:211-217, at SPEC_COMMIT). The model calls
 * a second tool, so the client has a reason to come back.
 */
import { headerValues } from '../mcp/messages.ts';
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import { callsOf, clientSent, fact } from './evidence.ts';
import { answerTo, clientRequests, httpScenario, runEnd } from './http-scenario.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'transports.streamableHttp.sessionExpiry';
  const expired = clientRequests(capture).find(
    (event) => headerValues(event, 'mcp-session-id').length > 0 && answerTo(capture, event)?.status === 404,
  );
  if (expired === undefined)
    return [fact(feature, 'not-observed', 'the client sent nothing with its session id after the server ended the session')];
  const renewed = clientSent(capture, CLIENT_REQUEST.initialize).find(
    (item) => item.seq > expired.seq && item.event.kind === 'http' && headerValues(item.event, 'mcp-session-id').length === 0,
  );
  const retried = callsOf(capture, 'second_call').find((item) => renewed !== undefined && item.seq > renewed.seq);
  if (renewed !== undefined)
    return [
      fact(
        feature,
        'yes',
        `after a 404 for its ended session the client sent a new initialize without a session id${retried === undefined ? '' : ', then made its call in the new session'}`,
        [expired.seq, renewed.seq, ...(retried === undefined ? [] : [retried.seq])],
      ),
    ];
  const later = clientRequests(capture).filter((event) => event.seq > expired.seq);
  const stale = later.filter((event) => headerValues(event, 'mcp-session-id').length > 0);
  if (stale.length > 0)
    return [
      fact(feature, 'no', `after the 404 the client went on with the ended session's id (${stale.length} more request(s))`, [
        expired.seq,
        stale[0]?.seq ?? 0,
      ]),
    ];
  const end = runEnd(capture);
  return [
    fact(
      feature,
      'no',
      `after a 404 for its ended session the client started no new session; ${end === 'exited' ? 'it exited' : end === 'timeout' ? 'the run reached its time limit' : 'the record ends'}`,
      [expired.seq],
    ),
  ];
};

/** The scenario. */
export const httpSessionExpiry = httpScenario({
  name: 'http-session-expiry',
  description:
    'The server ends the session after the first tool call: after a 404 for its session id, does the client start a new session?',
  tools: ['first_call', 'second_call'],
  http: { expireAfterCall: true },
  judge,
});
