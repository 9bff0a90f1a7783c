/**
 * How a client answered the probe's server→client requests, as facts: over a legacy session a
 * request and its answer by id (2025-11-25/client/*.mdx), over 2026-07-28 an `input_required`
 * result and the retry that carries `inputResponses` (2026-07-28/basic/patterns/mrtr.mdx). Shared by
 * the two server-requests scenarios, so both say the same things in the same words.
 */
import { declares } from '../mcp/capabilities.ts';
import { isRecord } from '../mcp/json.ts';
import { methodOf, paramsOf } from '../mcp/jsonrpc.ts';
import { messagesFrom } from '../mcp/messages.ts';
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import { declaredBy, ending, fact, probeSent, responseTo, unanswered, wentOnAfter } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/** What a result says, in a few words: an elicitation's action, a sampling answer's role and stop, how many roots. */
export const resultWords = (method: string, result: Record<string, unknown>): string => {
  if (method === 'elicitation/create') return `action ${JSON.stringify(result['action'] ?? null)}`;
  if (method === 'roots/list') return `${Array.isArray(result['roots']) ? result['roots'].length : 0} root(s)`;
  if (method === 'sampling/createMessage') {
    const content = result['content'];
    const kind = isRecord(content) ? content['type'] : Array.isArray(content) ? 'blocks' : undefined;
    const text =
      isRecord(content) && typeof content['text'] === 'string' ? `, ${JSON.stringify(content['text'].slice(0, 60))}` : '';
    const model = typeof result['model'] === 'string' ? `, model ${JSON.stringify(result['model'])}` : '';
    return `a ${JSON.stringify(result['role'] ?? null)} message (${JSON.stringify(kind ?? null)} content${text}, stopReason ${JSON.stringify(result['stopReason'] ?? null)}${model})`;
  }
  return 'a result';
};

/**
 * Whether a sampling result is a completion from the client's model: a message in the assistant's
 * role (2025-11-25/client/sampling.mdx, "Creating Messages"). A result in the user's role, such as
 * "The user cancelled the request." with an empty `model`, is a cancellation, not an answer.
 */
export const isCompletion = (result: Record<string, unknown>): boolean => result['role'] === 'assistant';

/** How long after the request an answer came, in words, where the capture dates both. */
const after = (capture: ParsedCapture, request: number, answer: number): string => {
  const sent = capture.events.find((event) => event.seq === request)?.t;
  const came = capture.events.find((event) => event.seq === answer)?.t;
  if (sent === undefined || came === undefined) return '';
  const ms = came - sent;
  // Nobody reads and answers a request within a second: the client answered it by itself.
  return ms < 1000 ? `, ${ms} ms after the request, by itself` : `, ${ms} ms after the request`;
};

/** What one legacy server request shows: declared, sent, answered by id, and with what. */
export const legacyAnswerFact = (
  capture: ParsedCapture,
  feature: string,
  method: string,
  options: { needs?: string; mode?: string },
): FeatureFact => {
  if (options.needs !== undefined && !declares(declaredBy(capture), options.needs))
    return fact(feature, 'no', `the client did not declare ${options.needs}`, []);
  const sent = probeSent(capture, method).filter(
    ({ message }) => options.mode === undefined || (paramsOf(message)['mode'] ?? 'form') === options.mode,
  );
  const [request] = sent;
  const unsent = capture.events.find(
    (event) =>
      event.kind === 'lifecycle' &&
      (event.detail ?? '').startsWith(`${method} (id `) &&
      (event.detail ?? '').includes('not sent'),
  );
  if (request === undefined && unsent !== undefined)
    return fact(feature, 'not-observed', `the probe could not send ${method}: the client opened no stream it could go on`, [
      unsent.seq,
    ]);
  if (request === undefined)
    return fact(
      feature,
      'not-observed',
      `the session ended before the probe sent ${method}${options.mode === undefined ? '' : ` (${options.mode})`}`,
    );
  const id = request.message['id'];
  const answer = responseTo(capture, 'client', id, request.seq);
  if (answer !== undefined) {
    const { result, error } = answer.message;
    const seq = [request.seq, answer.seq];
    const sampling = method === 'sampling/createMessage';
    if (isRecord(result) && sampling && !isCompletion(result))
      return fact(
        feature,
        'no',
        `the client cancelled ${method}${after(capture, request.seq, answer.seq)}: ${resultWords(method, result)}, not a completion`,
        seq,
      );
    if (isRecord(result)) return fact(feature, 'yes', `the client answered ${method} with ${resultWords(method, result)}`, seq);
    const code = isRecord(error) ? error['code'] : undefined;
    if (sampling)
      return fact(
        feature,
        'no',
        `the client refused ${method} with error ${JSON.stringify(code ?? null)}${after(capture, request.seq, answer.seq)}: no completion`,
        seq,
      );
    const words = `the client answered ${method} with error ${JSON.stringify(code ?? null)}`;
    return fact(feature, code === -32601 ? 'no' : 'partial', words, seq);
  }
  const gaveUp = unanswered(capture, id);
  if (gaveUp !== undefined)
    return fact(feature, 'no', `the client did not answer ${method} within the probe's limit`, [request.seq, gaveUp]);
  const end = ending(capture);
  return fact(
    feature,
    'not-observed',
    `the session ended (${end?.event ?? 'no end recorded'}) before the client answered ${method}`,
    [request.seq, ...(end === undefined ? [] : [end.seq])],
  );
};

/** What one 2026-07-28 input request shows: declared, sent in an `input_required` result, answered in a retry. */
export const modernAnswerFact = (
  capture: ParsedCapture,
  feature: string,
  key: string,
  method: string,
  needs: string,
): FeatureFact => {
  if (!declares(declaredBy(capture), needs)) return fact(feature, 'no', `the client did not declare ${needs}`);
  const probe = messagesFrom(capture, 'probe').find(({ message }) => {
    const result = message['result'];
    return (
      isRecord(result) &&
      result['resultType'] === 'input_required' &&
      isRecord(result['inputRequests']) &&
      isRecord(result['inputRequests'][key])
    );
  });
  if (probe === undefined) {
    // A client that opened with initialize held a legacy session: this revision's way of asking never applied.
    const legacy = messagesFrom(capture, 'client').some(({ message }) => methodOf(message) === CLIENT_REQUEST.initialize);
    return fact(
      feature,
      'not-observed',
      legacy
        ? `the client opened a session with initialize, not a 2026-07-28 one, so no input_required result asked for ${method}`
        : `the session ended before the probe asked for ${method} in an input_required result`,
    );
  }
  // The retry is a new request (a different id, mrtr.mdx) for the same tool as the call the probe answered.
  const original = messagesFrom(capture, 'client').find(
    ({ message, seq }) =>
      seq < probe.seq && message['id'] === probe.message['id'] && methodOf(message) === CLIENT_REQUEST.toolsCall,
  );
  const tool = original === undefined ? undefined : paramsOf(original.message)['name'];
  const retry = messagesFrom(capture, 'client').find(
    ({ message, seq }) =>
      seq > probe.seq &&
      methodOf(message) === CLIENT_REQUEST.toolsCall &&
      (tool === undefined || paramsOf(message)['name'] === tool) &&
      isRecord(paramsOf(message)['inputResponses']),
  );
  if (retry !== undefined) {
    const responses = paramsOf(retry.message)['inputResponses'];
    const answer = isRecord(responses) ? responses[key] : undefined;
    if (isRecord(answer) && method === 'sampling/createMessage' && !isCompletion(answer))
      return fact(
        feature,
        'no',
        `the client retried the call with ${resultWords(method, answer)} for ${method}: a cancellation, not a completion`,
        [probe.seq, retry.seq],
      );
    return isRecord(answer)
      ? fact(feature, 'yes', `the client retried the call with ${resultWords(method, answer)} for ${method}`, [
          probe.seq,
          retry.seq,
        ])
      : fact(feature, 'no', `the client retried the call without an answer to ${method}`, [probe.seq, retry.seq]);
  }
  const later = wentOnAfter(capture, probe.seq);
  return later !== undefined
    ? fact(feature, 'no', `the client went on without retrying the call with an answer to ${method}`, [probe.seq, later])
    : fact(feature, 'not-observed', `the session ended before the client retried the call`, [probe.seq]);
};

/** The answer the client gave to a probe request found by method, for judges that read it (ping). */
export const firstAnswer = (capture: ParsedCapture, method: string) => {
  const [request] = probeSent(capture, method);
  return request === undefined
    ? undefined
    : { request, answer: responseTo(capture, 'client', request.message['id'], request.seq) };
};
