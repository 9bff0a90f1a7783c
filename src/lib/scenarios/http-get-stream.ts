/**
 * `http-get-stream`: once the session is open the server sends a `ping` on the standalone GET stream
 * (2025-11-25/basic/transports.mdx:133-155, at SPEC_COMMIT), where the client opens one; the judge
 * asks whether the client opened it and answered what came on it.
 */
import { SERVER_REQUEST } from '../mcp/methods.ts';
import { clientSent, fact, probeSent, responseTo } from './evidence.ts';
import { clientRequests, httpScenario } from './http-scenario.ts';
import { CLIENT_NOTIFICATION } from '../mcp/methods.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'transports.streamableHttp.serverPush';
  const gets = clientRequests(capture).filter((event) => event.method === 'GET');
  const [ping] = probeSent(capture, SERVER_REQUEST.ping);
  if (ping !== undefined) {
    const answer = responseTo(capture, 'client', ping.message['id'], ping.seq);
    return answer !== undefined
      ? [
          fact(feature, 'yes', 'the client opened the GET stream and answered the ping the server sent on it', [
            gets[0]?.seq ?? ping.seq,
            ping.seq,
            answer.seq,
          ]),
        ]
      : [
          fact(feature, 'partial', 'the client opened the GET stream, but did not answer the ping the server sent on it', [
            ping.seq,
          ]),
        ];
  }
  const [opened] = clientSent(capture, CLIENT_NOTIFICATION.initialized);
  if (opened === undefined) return [fact(feature, 'not-observed', 'the session never opened (no notifications/initialized)')];
  return gets.length > 0
    ? [fact(feature, 'partial', 'the client sent a GET, but the stream carried nothing it answered', [gets[0]?.seq ?? 0])]
    : [
        fact(
          feature,
          'no',
          'the client never opened the standalone GET stream, so the server could not reach it outside a request',
          [opened.seq],
        ),
      ];
};

/** The scenario. */
export const httpGetStream = httpScenario({
  name: 'http-get-stream',
  description:
    'The server pings the client on the standalone GET stream once the session is open: does the client open it and answer?',
  tools: ['echo_stream'],
  steps: [{ when: 'session', actions: [{ request: SERVER_REQUEST.ping, params: {}, key: 'ping' }] }],
  judge,
});
