/**
 * From what a server sees on the wire to what the data says: a client's `clientInfo` (and its HTTP
 * `User-Agent`, where there is one) to the client here, its version, and each feature's state at
 * that version by its version runs. Clients are known by what their captures show they send:
 *
 * - a name several clients sent (opencode's, which Kilo Code CLI 7.0.33 also sent) is decided by
 *   the version: the client that sent that name with that version, else with that major version;
 * - a name built from the server's own (Qwen Code's `qwen-cli-mcp-client-<server>`) is matched by
 *   what comes before the lab's server name;
 * - a version the client sent across several releases, or that was not the release sending it
 *   (Copilot CLI's `0.0.0`, Amp's `0.0.0-dev`), is a placeholder: the client is known, the version
 *   is not (`versionKnown: false`), and the states are those of the newest captured release that
 *   sent it, named in `extrapolatedFrom`;
 * - a version newer than the newest captured gets that newest version's states, named in
 *   `extrapolatedFrom` (clients release weekly: yesterday's behaviour is the best guess for today's).
 *
 * A version between captured ones takes its version run's state, and unknown where no run covers
 * it. Null for a client the data does not know. A cell no capture decides has no runs: its state
 * is its verdict's whatever the version, and `evidence`, a map parallel to `features`, says how
 * each known state is known, so nothing read, documented or reported passes for observed. It is the
 * data package's main export, so it is pure and reads only its input.
 */
import { compareVersions } from '../evidence/versions.ts';
import { isRecord } from '../mcp/json.ts';
import type { EvidenceKind, CellState as FeatureState } from '../../schema/index.ts';
import { stateAt, type RunsOf } from '../cells/version-state.ts';
import { LAB_SERVER_NAME } from '../lab/version.ts';

/** A client as `/data/clients.json` lists it: the fields lookup reads. */
export interface LookupClient {
  client: string;
  clientInfoName?: string;
  observed: readonly { version: string; clientInfo: Record<string, unknown> | null; userAgent?: string }[];
}

/** What a server saw: the `initialize` request's `clientInfo`, and the User-Agent where the transport had one. */
export interface Seen {
  clientInfo: { name: string; version?: string; [key: string]: unknown };
  userAgent?: string;
}

/**
 * The answer: the client, the version it said, whether that version is its release, every feature's
 * state, and for each feature whose state is known, how it is known (FORMAT.md's `features` shape
 * kept as it is, beside it).
 */
export interface LookupResult {
  client: string;
  /** The version the client sent. */
  version: string;
  /** False where the version it sent is a placeholder (or none): the states are then another version's. */
  versionKnown: boolean;
  /** The captured version whose states these are, where they are not the sent version's own. */
  extrapolatedFrom?: string;
  features: Record<string, FeatureState>;
  evidence: Record<string, EvidenceKind>;
}

/** A published cell as lookup reads it: its runs, and its state and kind where it has a verdict. */
export type LookupCell = RunsOf & { client: string; feature: string; state?: FeatureState; evidence?: EvidenceKind };

const nameOf = (info: Record<string, unknown> | null): string | undefined =>
  isRecord(info) && typeof info['name'] === 'string' ? info['name'] : undefined;

const versionOf = (info: Record<string, unknown> | null): string | undefined =>
  isRecord(info) && typeof info['version'] === 'string' ? info['version'] : undefined;

/** The product token of a User-Agent (`claude-cli/2.1.332 (external, cli)` → `claude-cli`). */
const productOf = (userAgent: string): string => userAgent.trim().split(/[\s/]/)[0] ?? '';

/** Whether a name the client sent stands for the name a server sees: the same, or the same before the server's own name. */
const sameName = (sent: string, seen: string): boolean => {
  if (sent === seen) return true;
  const suffix = `-${LAB_SERVER_NAME}`;
  // The lab's server name stands where a real server's own name will: keep what precedes it.
  return (
    sent.endsWith(suffix) &&
    seen.length > sent.length - LAB_SERVER_NAME.length &&
    seen.startsWith(sent.slice(0, -LAB_SERVER_NAME.length))
  );
};

/** The captures of a client that sent this name. */
const sentName = (client: LookupClient, name: string) =>
  client.observed.filter((seen) => {
    const sent = nameOf(seen.clientInfo);
    return sent !== undefined && sameName(sent, name);
  });

const newer = (a: string, b: string) => (compareVersions(a, b) ?? a.localeCompare(b)) > 0;

/** The newest of some versions. */
const newest = (versions: readonly string[]): string | undefined =>
  versions.reduce<string | undefined>(
    (best, version) => (best === undefined || newer(version, best) ? version : best),
    undefined,
  );

const major = (version: string) => /^\D*(\d+)/.exec(version)?.[1];

/** Which client sent this name and version: one candidate, or those that sent it with this version, else with its major version. */
const decide = (
  clients: readonly LookupClient[],
  name: string,
  version: string,
  userAgent?: string,
): LookupClient | undefined => {
  let candidates = clients.filter((client) => client.clientInfoName === name || sentName(client, name).length > 0);
  if (candidates.length > 1 && userAgent !== undefined) {
    const product = productOf(userAgent);
    const byAgent = candidates.filter((client) =>
      client.observed.some((seen) => seen.userAgent !== undefined && productOf(seen.userAgent) === product),
    );
    if (byAgent.length > 0) candidates = byAgent;
  }
  if (candidates.length <= 1) return candidates[0];
  const exact = candidates.filter((client) => sentName(client, name).some((seen) => versionOf(seen.clientInfo) === version));
  if (exact.length === 1) return exact[0];
  const wanted = major(version);
  const sameMajor = candidates.filter((client) =>
    sentName(client, name).some((seen) => {
      const sent = versionOf(seen.clientInfo);
      return wanted !== undefined && sent !== undefined && major(sent) === wanted;
    }),
  );
  if (sameMajor.length === 1) return sameMajor[0];
  // An SDK that embeds another client's engine may send that client's name and version (the Claude
  // Agent SDK sends Claude Code's): the name stays the client's whose own releases send their own version.
  const tied = exact.length > 1 ? exact : sameMajor.length > 1 ? sameMajor : candidates;
  const own = tied.filter((client) => sentName(client, name).some((seen) => versionOf(seen.clientInfo) === seen.version));
  return own.length === 1 ? own[0] : undefined;
};

/** The client a server is talking to, its version, and its feature states; null where the data cannot tell which client it is. */
export const lookup = (
  data: { clients: readonly LookupClient[]; features: readonly LookupCell[] },
  seen: Seen,
): LookupResult | null => {
  if (!isRecord(seen.clientInfo) || typeof seen.clientInfo.name !== 'string') return null;
  const name = seen.clientInfo.name;
  const version = typeof seen.clientInfo.version === 'string' ? seen.clientInfo.version : '';
  const match = decide(data.clients, name, version, seen.userAgent);
  if (match === undefined) return null;
  const releases = match.observed.map((observed) => observed.version);
  const latest = newest(releases);
  // The releases that sent this very name and version: more than one, or another, makes it a placeholder.
  const sending = [
    ...new Set(
      sentName(match, name)
        .filter((observed) => versionOf(observed.clientInfo) === version)
        .map((observed) => observed.version),
    ),
  ];
  const placeholder = version === '' || sending.length > 1 || (sending.length === 1 && sending[0] !== version);
  const statesOf = placeholder ? (newest(sending) ?? latest) : latest !== undefined && newer(version, latest) ? latest : version;
  const features: Record<string, FeatureState> = {};
  const evidence: Record<string, EvidenceKind> = {};
  for (const cell of data.features) {
    if (cell.client !== match.client) continue;
    const observed = cell.evidence === undefined || cell.evidence === 'observed';
    const state = observed ? (statesOf === undefined ? 'unknown' : stateAt(cell, statesOf)) : (cell.state ?? 'unknown');
    features[cell.feature] = state;
    // A state from version runs rests on captures: observed, whether or not the cell says so.
    if (state !== 'unknown') evidence[cell.feature] = observed ? 'observed' : (cell.evidence ?? 'observed');
  }
  return {
    client: match.client,
    version,
    versionKnown: !placeholder,
    ...(statesOf !== undefined && statesOf !== version ? { extrapolatedFrom: statesOf } : {}),
    features,
    evidence,
  };
};
