/**
 * `http-redirect`: the MCP endpoint answers every request with 307 to another path on the same
 * origin, where the session is served. A 307 keeps the method and the body (RFC 9110 §15.4.8); the
 * judge asks whether the client sent its request again there and went on.
 */
import { fact } from './evidence.ts';
import { answerTo, clientRequests, httpScenario } from './http-scenario.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'transports.streamableHttp.redirect';
  const requests = clientRequests(capture);
  const redirected = requests.find((event) => answerTo(capture, event)?.status === 307);
  if (redirected === undefined) return [fact(feature, 'not-observed', 'no request was redirected')];
  const moved = requests.filter((event) => event.seq > redirected.seq && event.target.startsWith('/mcp/moved'));
  const same = moved.find((event) => event.method === redirected.method && event.body === redirected.body);
  if (same !== undefined) {
    const onward = moved.filter((event) => event.seq > same.seq).length;
    return [
      fact(
        feature,
        'yes',
        `after a 307 the client sent the same ${redirected.method} to the new location${onward > 0 ? ` and ${onward} more request(s) there` : ''}`,
        [redirected.seq, same.seq],
      ),
    ];
  }
  if (moved.length > 0)
    return [
      fact(
        feature,
        'partial',
        `after a 307 the client went to the new location, but with ${moved[0]?.method ?? '?'} and another body`,
        [redirected.seq, moved[0]?.seq ?? 0],
      ),
    ];
  return [
    fact(feature, 'no', `after a 307 for its ${redirected.method} the client never went to the new location`, [redirected.seq]),
  ];
};

/** The scenario. */
export const httpRedirect = httpScenario({
  name: 'http-redirect',
  description:
    'The MCP endpoint answers 307 to another path where the session lives: does the client follow with the same request?',
  tools: ['echo_moved'],
  http: { redirect: true },
  judge,
});
