/**
 * What a capture shows of `notifications/roots/list_changed`: a client that supports roots MUST
 * declare `roots`, and `listChanged` says whether it will announce changes; one that declared it
 * MUST send the notification when its roots change (2025-11-25/client/roots.mdx, "Capabilities"
 * and "Root List Changes", at SPEC_COMMIT; 2026-07-28 removes the notification, changelog.mdx).
 * A lab run changes no roots, so a client that declared `listChanged` and sent nothing decides
 * nothing. Pure.
 */
import { isRecord } from '../mcp/json.ts';
import { paramsOf } from '../mcp/jsonrpc.ts';
import { CLIENT_NOTIFICATION, CLIENT_REQUEST } from '../mcp/methods.ts';
import { clientSent, fact } from './evidence.ts';
import type { FeatureFact, ParsedCapture } from './scenario.ts';

/** `server-requests.roots.listChanged`, from the client's first `initialize` and what it sent after. */
export const rootsListChangedFact = (capture: ParsedCapture): FeatureFact => {
  const feature = 'server-requests.roots.listChanged';
  const [init] = clientSent(capture, CLIENT_REQUEST.initialize);
  if (init === undefined)
    return fact(feature, 'not-observed', 'the client opened no session with initialize (2026-07-28 has no roots/list_changed)');
  const [sent] = clientSent(capture, CLIENT_NOTIFICATION.rootsListChanged);
  if (sent !== undefined) return fact(feature, 'yes', 'the client sent notifications/roots/list_changed', [init.seq, sent.seq]);
  const capabilities = paramsOf(init.message)['capabilities'];
  const roots = isRecord(capabilities) ? capabilities['roots'] : undefined;
  if (isRecord(roots) && roots['listChanged'] === true)
    return fact(
      feature,
      'not-observed',
      'the client declared roots.listChanged, and its roots did not change during the run, so no notification was due',
      [init.seq],
    );
  return fact(
    feature,
    'no',
    isRecord(roots)
      ? 'the client did not declare roots.listChanged: it declared roots without it, so it says it will not announce root changes'
      : 'the client did not declare roots.listChanged, nor roots at all, so it announces no root changes',
    [init.seq],
  );
};
