/**
 * `http-session`: a plain Streamable HTTP session with one tool call; the judge asks whether the
 * client ended its session with `DELETE` and its `Mcp-Session-Id` before it exited
 * (2025-11-25/basic/transports.mdx:218-220, at SPEC_COMMIT).
 */
import { headerValues } from '../mcp/messages.ts';
import { fact } from './evidence.ts';
import { assignedSessions, clientRequests, httpScenario, runEnd } from './http-scenario.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

const judge = (capture: ParsedCapture): FeatureFact[] => {
  const feature = 'transports.streamableHttp.terminate';
  const ids = assignedSessions(capture);
  if (ids.length === 0) return [fact(feature, 'not-observed', 'the server assigned no session id')];
  const deletes = clientRequests(capture).filter((event) => event.method === 'DELETE');
  const ending = deletes.find((event) => headerValues(event, 'mcp-session-id').some((id) => ids.some((item) => item.id === id)));
  if (ending !== undefined)
    return [
      fact(feature, 'yes', 'the client sent DELETE with its Mcp-Session-Id before it was done', [ids[0]?.seq ?? 0, ending.seq]),
    ];
  if (deletes.length > 0)
    return [
      fact(feature, 'partial', 'the client sent DELETE, but without the session id the server assigned', [deletes[0]?.seq ?? 0]),
    ];
  const end = runEnd(capture);
  return end === 'exited'
    ? [fact(feature, 'no', 'the client exited without sending DELETE for its session', [ids[0]?.seq ?? 0])]
    : [
        fact(
          feature,
          'not-observed',
          `the run ended ${end === 'timeout' ? 'at its time limit' : 'without a recorded exit'}, before the client was done`,
          [ids[0]?.seq ?? 0],
        ),
      ];
};

/** The scenario. */
export const httpSession = httpScenario({
  name: 'http-session',
  description: 'A plain Streamable HTTP session with one tool call: does the client end its session with DELETE when it is done?',
  tools: ['echo_session'],
  judge,
});
