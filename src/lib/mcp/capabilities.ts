/**
 * The capabilities a client declared: in `initialize` (legacy) or in a request's `_meta` (2026-07-28,
 * 2026-07-28/basic/index.mdx `_meta`). Two questions, two names: which capabilities object a client
 * first declared (what the site's timeline shows), and every distinct declaration with where it was
 * made (what the probe's facts list, since a client may declare differently per request).
 */
import type { CaptureEvent } from '../../schema/capture.ts';
import { isRecord } from './json.ts';
import { messagesFrom } from './messages.ts';
import { metaOf, paramsOf } from './jsonrpc.ts';
import { CLIENT_REQUEST } from './methods.ts';
import { META } from './protocol.ts';

/** One capabilities object a client declared, and where. */
export interface CapabilityDeclaration {
  via: 'initialize' | '_meta';
  capabilities: Record<string, unknown>;
  seq: number;
  t: number;
}

type Events = { events: readonly CaptureEvent[] };

/** Every capabilities object the client declared, in order, repeats included. */
const declarations = (capture: Events): CapabilityDeclaration[] =>
  messagesFrom(capture, 'client').flatMap(({ message, seq, t }) => {
    const fromInit = message['method'] === CLIENT_REQUEST.initialize ? paramsOf(message)['capabilities'] : undefined;
    const fromMeta = metaOf(message)[META.clientCapabilities];
    return (
      [
        ['initialize', fromInit],
        ['_meta', fromMeta],
      ] as const
    ).flatMap(([via, value]) => (isRecord(value) ? [{ via, capabilities: value, seq, t }] : []));
  });

/** Each distinct capabilities object the client declared, first where it appeared. */
export const capabilityDeclarations = (capture: Events): CapabilityDeclaration[] => {
  const seen = new Set<string>();
  return declarations(capture).filter((declared) => {
    const key = JSON.stringify(declared.capabilities);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
};

/** The capabilities object a client first declared, as it sent it; undefined where it declared none. */
export const firstDeclaredCapabilities = (capture: Events): Record<string, unknown> | undefined =>
  declarations(capture)[0]?.capabilities;

/** The extension ids a capabilities object declares (`capabilities.extensions`). */
export const extensionsOf = (capabilities: Record<string, unknown>): string[] =>
  isRecord(capabilities['extensions']) ? Object.keys(capabilities['extensions']) : [];

/**
 * Whether a capabilities object declares a capability at a dotted path: `roots`, `sampling`,
 * `elicitation.form`, `elicitation.url`. An `elicitation: {}` declares form mode only
 * (2025-11-25/client/elicitation.mdx, "Capabilities").
 */
export const declares = (capabilities: Record<string, unknown> | undefined, path: string): boolean => {
  if (capabilities === undefined) return false;
  const [head, mode] = path.split('.');
  const top = capabilities[head ?? ''];
  if (!isRecord(top)) return false;
  if (mode === undefined) return true;
  if (head === 'elicitation' && mode === 'form' && !('form' in top) && !('url' in top)) return true;
  return isRecord(top[mode]);
};
