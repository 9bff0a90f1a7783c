/**
 * What a capture shows of how a client lists a server's prompts, resources, templates and tools:
 * whether it listed them at all, whether it listed them again after the server said a list
 * changed, and whether it followed a list's `nextCursor` (2025-11-25/server/prompts.mdx,
 * resources.mdx, utilities/pagination.mdx, at SPEC_COMMIT). Pure; shared by the scenarios that
 * offer lists.
 */
import { paramsOf } from '../mcp/jsonrpc.ts';
import { CLIENT_REQUEST } from '../mcp/methods.ts';
import { clientSent, fact, probeResult, probeSent, wentOnAfter } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/**
 * How long a session must go on after a list-changed notification, with no new list and no tool
 * called, for a `no`: clients list again at once or after a short debounce.
 */
export const RELIST_WINDOW_MS = 1000;

/** Listed by itself: the client asked for the list after it listed tools, or before. */
export const listedFact = (capture: ParsedCapture, feature: string, method: string, what: string): FeatureFact => {
  const [list] = clientSent(capture, method);
  if (list !== undefined) return fact(feature, 'yes', `the client listed the server's ${what} by itself`, [list.seq]);
  const [tools] = clientSent(capture, CLIENT_REQUEST.toolsList);
  const later = tools === undefined ? undefined : wentOnAfter(capture, tools.seq);
  return tools !== undefined && later !== undefined
    ? fact(feature, 'no', `the client listed tools and went on, but never listed ${what}`, [tools.seq, later])
    : fact(feature, 'not-observed', `the session ended before the client could list ${what}`);
};

/**
 * Listed again after `notification`: a list sent after the probe's first such notification, where
 * the client also listed at another time (before it, or twice after it). A single list that came
 * after the notification may be the client's first listing, so it decides nothing; no list at all
 * after it, where the client then called a tool or the session went on for `RELIST_WINDOW_MS`, is
 * a `no`.
 */
export const relistedFact = (
  capture: ParsedCapture,
  feature: string,
  notification: string,
  method: string,
  what: string,
): FeatureFact => {
  const [notice] = probeSent(capture, notification);
  if (notice === undefined) return fact(feature, 'not-observed', `the probe never sent ${notification}`);
  const lists = clientSent(capture, method);
  const before = lists.filter((item) => item.seq < notice.seq);
  const after = lists.filter((item) => item.seq > notice.seq);
  if (after.length > 0 && (before.length > 0 || after.length > 1)) {
    const again = before.length > 0 ? after[0] : after[1];
    return fact(feature, 'yes', `the client listed ${what} again after ${notification}`, [
      ...(before.length > 0 ? [before[0]?.seq ?? 0] : [after[0]?.seq ?? 0]),
      notice.seq,
      again?.seq ?? 0,
    ]);
  }
  if (after.length === 1)
    return fact(
      feature,
      'not-observed',
      `the client listed ${what} only once, after ${notification}: its first listing cannot be told from a refresh`,
      [notice.seq, after[0]?.seq ?? 0],
    );
  // The session went on: the client called a tool after the notification, or the run lasted the window.
  const [call] = clientSent(capture, CLIENT_REQUEST.toolsCall).filter((item) => item.seq > notice.seq);
  const lasted = call ?? capture.events.find((event) => event.seq > notice.seq && event.t - notice.t >= RELIST_WINDOW_MS);
  if (lasted === undefined)
    return fact(
      feature,
      'not-observed',
      `the session ended within ${RELIST_WINDOW_MS} ms of ${notification}, the client calling no tool after it`,
      [notice.seq],
    );
  return fact(
    feature,
    'no',
    before.length > 0
      ? `the client listed ${what} before ${notification} and not again, though the session went on`
      : `the client never listed ${what}, before or after ${notification}, though the session went on`,
    [...(before.length > 0 ? [before[0]?.seq ?? 0] : []), notice.seq, lasted.seq],
  );
};

/**
 * Followed the cursor: the probe answered a `method` list with a `nextCursor`, and the client asked
 * for that cursor. A client that called a tool after the partial list without asking is a `no`.
 */
export const paginationFact = (capture: ParsedCapture, feature: string, method: string): FeatureFact => {
  const requests = clientSent(capture, method);
  for (const request of requests) {
    const answer = probeResult(capture, request);
    const cursor = answer?.result?.['nextCursor'];
    if (answer === undefined || typeof cursor !== 'string') continue;
    const next = requests.find((item) => item.seq > answer.seq && paramsOf(item.message)['cursor'] === cursor);
    if (next !== undefined)
      return fact(feature, 'yes', `the client asked for the next page of ${method} with the cursor the probe gave`, [
        request.seq,
        answer.seq,
        next.seq,
      ]);
    const [call] = clientSent(capture, CLIENT_REQUEST.toolsCall).filter((item) => item.seq > answer.seq);
    if (call !== undefined)
      return fact(feature, 'no', `the client took the first page of ${method} and called a tool without asking for the next`, [
        request.seq,
        answer.seq,
        call.seq,
      ]);
  }
  const paged = requests.some((request) => typeof probeResult(capture, request)?.result?.['nextCursor'] === 'string');
  return fact(
    feature,
    'not-observed',
    paged
      ? `the client never called a tool after a partial ${method}, nor asked for its next page`
      : `the probe never answered ${method} with a nextCursor`,
  );
};
