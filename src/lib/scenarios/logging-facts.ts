/**
 * What a capture shows of a client and a server that declared `logging`: whether the client set a
 * level with `logging/setLevel`, and whether it took the server's `notifications/message` and went
 * on (2025-11-25/server/utilities/logging.mdx, at SPEC_COMMIT; 2026-07-28 removes the request and
 * deprecates the notification, changelog.mdx). Pure.
 */
import { isRecord } from '../mcp/json.ts';
import { methodOf, paramsOf } from '../mcp/jsonrpc.ts';
import { messagesFrom } from '../mcp/messages.ts';
import { CLIENT_REQUEST, SERVER_NOTIFICATION } from '../mcp/methods.ts';
import { clientSent, fact, probeResult, probeSent, wentOnAfter } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/** Whether the probe's answer to the client's first `initialize` declared `logging`, with the answer's seq. */
const declaredLogging = (capture: ParsedCapture): { init: number; answer: number } | undefined => {
  const [init] = clientSent(capture, CLIENT_REQUEST.initialize);
  const answer = init === undefined ? undefined : probeResult(capture, init);
  const capabilities = answer?.result?.['capabilities'];
  return init !== undefined && answer !== undefined && isRecord(capabilities) && isRecord(capabilities['logging'])
    ? { init: init.seq, answer: answer.seq }
    : undefined;
};

/** `utilities.logging.setLevel`: the client sent `logging/setLevel`, or called a tool without it. */
export const setLevelFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'utilities.logging.setLevel';
  const [set] = clientSent(capture, CLIENT_REQUEST.loggingSetLevel);
  if (set !== undefined) {
    const level = paramsOf(set.message)['level'];
    return fact(feature, 'yes', `the client sent logging/setLevel${typeof level === 'string' ? ` (${level})` : ''}`, [set.seq]);
  }
  const declared = declaredLogging(capture);
  if (declared === undefined)
    return fact(feature, 'not-observed', 'no initialize was answered with the logging capability, so no level was due');
  const [call] = clientSent(capture, CLIENT_REQUEST.toolsCall).filter((item) => item.seq > declared.answer);
  return call === undefined
    ? fact(feature, 'not-observed', 'the session ended before the client used the server', [declared.answer])
    : fact(feature, 'no', 'the server declared logging and the client called its tools without sending logging/setLevel', [
        declared.answer,
        call.seq,
      ]);
};

/** `utilities.logging`: the probe sent a log message and the client went on with the session. */
export const logMessageFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'utilities.logging';
  const [log] = probeSent(capture, SERVER_NOTIFICATION.message);
  if (log === undefined) return fact(feature, 'not-observed', 'the probe sent no log message');
  if (declaredLogging(capture) === undefined)
    return fact(feature, 'not-observed', 'the log message went out without an initialize answered with the logging capability', [
      log.seq,
    ]);
  const later = wentOnAfter(capture, log.seq);
  if (later === undefined)
    return fact(feature, 'not-observed', 'the client sent nothing after the log message, so the capture cannot tell', [log.seq]);
  const [message] = messagesFrom(capture, 'client').filter((item) => item.seq === later);
  const what = message === undefined ? '' : methodOf(message.message);
  return fact(feature, 'yes', `the client took the log message and went on${what === '' ? '' : ` (it next sent ${what})`}`, [
    log.seq,
    later,
  ]);
};
