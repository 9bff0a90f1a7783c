/**
 * From what a server sees on the wire to what the data says: a client's `clientInfo` (and its HTTP
 * `User-Agent`, where there is one) to the client here, its version, and each feature's state at that
 * version by its version runs. Unknown where that version was not captured; null for a client the
 * data does not know. It is the data package's main export, so it is pure and reads only its input.
 */
import { isRecord } from '../mcp/json.ts';
import type { CellState as FeatureState } from '../../schema/index.ts';
import { stateAt, type RunsOf } from '../cells/version-state.ts';

/** A client as `/data/clients.json` lists it: the fields lookup reads. */
export interface LookupClient {
  client: string;
  clientInfoName?: string;
  observed: readonly { clientInfo: Record<string, unknown> | null; userAgent?: string }[];
}

/** What a server saw: the `initialize` request's `clientInfo`, and the User-Agent where the transport had one. */
export interface Seen {
  clientInfo: { name: string; version?: string; [key: string]: unknown };
  userAgent?: string;
}

/** The answer: the client, the version it said, and every feature's state for that version. */
export interface LookupResult {
  client: string;
  version: string;
  features: Record<string, FeatureState>;
}

const nameOf = (info: Record<string, unknown> | null): string | undefined =>
  isRecord(info) && typeof info['name'] === 'string' ? info['name'] : undefined;

/** The product token of a User-Agent (`claude-cli/2.1.332 (external, cli)` → `claude-cli`). */
const productOf = (userAgent: string): string => userAgent.trim().split(/[\s/]/)[0] ?? '';

/** Which clients have been seen sending this name. */
const byName = (clients: readonly LookupClient[], name: string) =>
  clients.filter((client) => client.clientInfoName === name || client.observed.some((seen) => nameOf(seen.clientInfo) === name));

/** The client a server is talking to, its version, and its feature states; null where the data cannot tell which client it is. */
export const lookup = (
  data: { clients: readonly LookupClient[]; features: readonly (RunsOf & { client: string; feature: string })[] },
  seen: Seen,
): LookupResult | null => {
  if (!isRecord(seen.clientInfo) || typeof seen.clientInfo.name !== 'string') return null;
  let candidates = byName(data.clients, seen.clientInfo.name);
  // Several clients send one name (a shared health-check client): the User-Agent's product decides, where it can.
  if (candidates.length > 1 && seen.userAgent !== undefined) {
    const product = productOf(seen.userAgent);
    candidates = candidates.filter((client) =>
      client.observed.some((observed) => observed.userAgent !== undefined && productOf(observed.userAgent) === product),
    );
  }
  const [match] = candidates;
  if (match === undefined || candidates.length > 1) return null;
  const version = typeof seen.clientInfo.version === 'string' ? seen.clientInfo.version : '';
  const features: Record<string, FeatureState> = {};
  for (const cell of data.features)
    if (cell.client === match.client) features[cell.feature] = version === '' ? 'unknown' : stateAt(cell, version);
  return { client: match.client, version, features };
};
