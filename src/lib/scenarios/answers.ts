/**
 * How a client answered the probe's server→client requests, as facts: over a legacy session a
 * request and its answer by id (2025-11-25/client/*.mdx), over 2026-07-28 an `input_required`
 * result and the retry that carries `inputResponses` (2026-07-28/basic/patterns/mrtr.mdx). Shared by
 * the two server-requests scenarios, so both say the same things in the same words.
 */
import { faceKind } from '../evidence/capture-face.ts';
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

/** Within a second of a request nobody has read it and answered: an answer that quick came from the client by itself. */
const BY_ITSELF_MS = 1000;

/** The faces no person sits at, in words: a library driven by a program, the lab's own script, a health check. */
const FACE_WORDS: Readonly<Record<string, string>> = {
  harness: 'a harness',
  'lab-script': "the lab's own script",
  'health-check': 'a health check',
};

/** How many milliseconds after event `request` event `answer` came, where the capture dates both. */
const elapsed = (capture: ParsedCapture, request: number, answer: number): number | undefined => {
  const sent = capture.events.find((event) => event.seq === request)?.t;
  const came = capture.events.find((event) => event.seq === answer)?.t;
  return sent === undefined || came === undefined ? undefined : came - sent;
};

/** How long after the request an answer came, in words, where the capture dates both. */
const after = (capture: ParsedCapture, request: number, answer: number): string => {
  const ms = elapsed(capture, request, answer);
  if (ms === undefined) return '';
  return ms < BY_ITSELF_MS ? `, ${ms} ms after the request, by itself` : `, ${ms} ms after the request`;
};

/**
 * Whether a client's result answers the server's request rather than refusing it by itself.
 * Sampling: only a completion does (isCompletion). Elicitation: `accept` carries what was entered;
 * `decline` and `cancel` are a person's choices (2025-11-25/client/elicitation.mdx, "Response
 * Actions"), so one that came within a second of the request, or from a face no person sits at, is
 * the client's automatic refusal (a print-mode run shows nobody a form), not an answer. Other
 * methods' results are answers. `request` and `answer` are the seqs of the request (or the
 * `input_required` result that carried it) and of the answer (or the retry that carried it).
 */
export const isAnswer = (
  capture: ParsedCapture,
  method: string,
  result: Record<string, unknown>,
  request: number,
  answer: number,
): boolean => {
  if (method === 'sampling/createMessage') return isCompletion(result);
  if (method !== 'elicitation/create' || result['action'] === 'accept') return true;
  const ms = elapsed(capture, request, answer);
  const unattended = FACE_WORDS[faceKind(capture)] !== undefined;
  return !(unattended || (ms !== undefined && ms < BY_ITSELF_MS));
};

/** What a refusal the client made by itself shows, in words (sampling: a cancellation; elicitation: an automatic refusal). */
const refusalWords = (capture: ParsedCapture, method: string): string => {
  if (method === 'sampling/createMessage') return 'not a completion';
  const face = FACE_WORDS[faceKind(capture)];
  return `an automatic refusal${face === undefined ? '' : ` (nobody sits at ${face})`}, not an answer`;
};

/** The verb for a refusal: elicitation's action (declined, cancelled); a sampling result that is no completion is cancelled. */
const refusedVerb = (method: string, result: Record<string, unknown>): string =>
  method === 'elicitation/create' && result['action'] === 'decline' ? 'declined' : 'cancelled';

/** What one legacy server request shows: declared, sent, answered by id, and with what. */
export const legacyAnswerFact = (
  capture: ParsedCapture,
  feature: string,
  method: string,
  options: { needs?: string; mode?: string; key?: string },
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
  // A client that went on in 2026-07-28 was asked in an input_required result instead (the persona answers either way).
  if (request === undefined && options.key !== undefined && options.needs !== undefined && askedModern(capture, options.key))
    return modernAnswerFact(capture, feature, options.key, method, options.needs);
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
    if (isRecord(result) && !isAnswer(capture, method, result, request.seq, answer.seq))
      return fact(
        feature,
        'no',
        `the client ${refusedVerb(method, result)} ${method}${after(capture, request.seq, answer.seq)}: ${resultWords(method, result)}, ${refusalWords(capture, method)}`,
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

/** The probe's `input_required` result that asks for the input request under `key`, where it sent one. */
const inputRequestFor = (capture: ParsedCapture, key: string) =>
  messagesFrom(capture, 'probe').find(({ message }) => {
    const result = message['result'];
    return (
      isRecord(result) &&
      result['resultType'] === 'input_required' &&
      isRecord(result['inputRequests']) &&
      isRecord(result['inputRequests'][key])
    );
  });

/** Whether the probe asked for the input request under `key` in a 2026-07-28 `input_required` result. */
const askedModern = (capture: ParsedCapture, key: string): boolean => inputRequestFor(capture, key) !== undefined;

/** What one 2026-07-28 input request shows: declared, sent in an `input_required` result, answered in a retry. */
export const modernAnswerFact = (
  capture: ParsedCapture,
  feature: string,
  key: string,
  method: string,
  needs: string,
): FeatureFact => {
  if (!declares(declaredBy(capture), needs)) return fact(feature, 'no', `the client did not declare ${needs}`);
  const probe = inputRequestFor(capture, key);
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
    if (isRecord(answer) && !isAnswer(capture, method, answer, probe.seq, retry.seq))
      return fact(
        feature,
        'no',
        method === 'sampling/createMessage'
          ? `the client retried the call with ${resultWords(method, answer)} for ${method}: a cancellation, not a completion`
          : `the client retried the call with ${resultWords(method, answer)} for ${method}${after(capture, probe.seq, retry.seq)}: ${refusalWords(capture, method)}`,
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
