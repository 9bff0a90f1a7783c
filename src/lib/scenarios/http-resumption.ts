/**
 * `http-resumption`: the server answers the tool call as an SSE stream, primes it with an event id
 * and a `retry`, and closes it before the result (2025-11-25/basic/transports.mdx:105-116, at
 * SPEC_COMMIT); the result waits for a GET carrying that id in `Last-Event-ID` (164-187). The judge
 * asks whether the client resumed the stream so.
 */
import { headerValues } from '../mcp/messages.ts';
import { fact } from './evidence.ts';
import { clientRequests, httpScenario, probeAnswers, runEnd } from './http-scenario.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'transports.streamableHttp.resumption';
  const primed = probeAnswers(capture)
    .map((event) => ({ event, id: /^id: (call\d+-0)$/m.exec(event.body)?.[1] }))
    .find((item) => item.id !== undefined);
  if (primed?.id === undefined)
    return [fact(feature, 'not-observed', 'the client took no SSE answer for its tool call, so no stream was dropped')];
  const later = clientRequests(capture).filter((event) => event.seq > primed.event.seq);
  const resumed = later.find((event) => event.method === 'GET' && headerValues(event, 'last-event-id').includes(primed.id ?? ''));
  if (resumed !== undefined)
    return [
      fact(
        feature,
        'yes',
        `after the call's stream was closed before its result, the client sent GET with Last-Event-ID ${primed.id}`,
        [primed.event.seq, resumed.seq],
      ),
    ];
  const get = later.find((event) => event.method === 'GET');
  if (get !== undefined)
    return [
      fact(feature, 'no', 'after the call’s stream was closed the client sent a GET, but without the last event id', [
        primed.event.seq,
        get.seq,
      ]),
    ];
  const end = runEnd(capture);
  return [
    fact(
      feature,
      'no',
      `after the call's stream was closed before its result the client never asked to resume it; ${end === 'exited' ? 'it exited' : end === 'timeout' ? 'the run reached its time limit' : 'the record ends'}`,
      [primed.event.seq],
    ),
  ];
};

/** The scenario. */
export const httpResumption = httpScenario({
  name: 'http-resumption',
  description:
    'The tool call’s SSE stream closes after an event id, before the result: does the client resume it with Last-Event-ID?',
  tools: ['echo_resumed'],
  http: { dropCallStream: true },
  judge,
});
