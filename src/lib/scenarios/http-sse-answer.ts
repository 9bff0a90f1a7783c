/**
 * `http-sse-answer`: the server answers every request as an SSE stream, its one event the response,
 * which a client MUST support (2025-11-25/basic/transports.mdx:98-104, at SPEC_COMMIT); the judge
 * asks whether the client went on after such answers, through to its tool call's result.
 */
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import { isSseBody, messagesOf } from '../mcp/messages.ts';
import { callsOf, clientSent, fact } from './evidence.ts';
import { httpScenario, probeAnswers } from './http-scenario.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'transports.streamableHttp';
  const sse = probeAnswers(capture).filter(
    (event) => isSseBody(event) && messagesOf(event).some((message) => 'result' in message || 'error' in message),
  );
  const [first] = sse;
  if (first === undefined)
    return [fact(feature, 'not-observed', 'no request was answered as an SSE stream (the client did not accept one)')];
  const next = clientSent(capture, CLIENT_REQUEST.toolsList).find((item) => item.seq > first.seq);
  const [call] = callsOf(capture, 'echo_sse');
  const after = call === undefined ? undefined : sse.find((event) => event.seq > call.seq);
  if (next !== undefined && call !== undefined)
    return [
      fact(
        feature,
        'yes',
        `the client went on after SSE answers: it listed the tools and called one${after === undefined ? '' : ', its result also an SSE stream'}`,
        [first.seq, next.seq, call.seq],
      ),
    ];
  if (next !== undefined)
    return [fact(feature, 'partial', 'the client went on after an SSE answer, but never called the tool', [first.seq, next.seq])];
  return [fact(feature, 'no', 'the client sent nothing more after its first SSE answer', [first.seq])];
};

/** The scenario. */
export const httpSseAnswer = httpScenario({
  name: 'http-sse-answer',
  description: 'Every request is answered as an SSE stream rather than JSON: does the client read the answers and go on?',
  tools: ['echo_sse'],
  http: { replyAs: 'sse' },
  judge,
});
