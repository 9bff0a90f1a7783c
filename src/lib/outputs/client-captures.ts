/**
 * What one client's captures show across its versions: a timeline (each capture's version, what it
 * offered and which capabilities it declared) and the identities it presented (clientInfo,
 * User-Agent, face and transport). Everything here came from a client: text to show, never markup.
 */
import type { Capture } from '../content/capture-rules.ts';
import { infoText, messagesOf } from '../content/capture-facts.ts';
import { compareVersions } from '../content/versions.ts';
import { captureSummary, type CaptureSummary } from './capture-view.ts';

/** The `_meta` key through which a 2026-07-28 client declares its capabilities on each request. */
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The capabilities a client first declared (in initialize, or in a request's `_meta`), as it sent them. */
export const declaredCapabilities = (capture: Pick<Capture, 'events'>): Record<string, unknown> | undefined => {
  for (const event of capture.events) {
    if (event.from !== 'client') continue;
    for (const message of messagesOf(event)) {
      const params = isRecord(message['params']) ? message['params'] : undefined;
      if (message['method'] === 'initialize' && isRecord(params?.['capabilities'])) return params['capabilities'];
      const meta = isRecord(params?.['_meta']) ? params['_meta'] : undefined;
      if (isRecord(meta?.[META_CAPABILITIES])) return meta[META_CAPABILITIES];
    }
  }
  return undefined;
};

/**
 * Orders client versions newest first, by the one rule the site compares versions with
 * (versions.ts, which drift uses too); versions with no number in them fall back to text.
 */
export const compareVersionsDescending = (a: string, b: string): number => compareVersions(b, a) ?? b.localeCompare(a);

/** One capture in a client's timeline: its summary, and what it declared. */
export interface TimelineRow extends CaptureSummary {
  /** Per capability the client declared, what it declared inside it (`listChanged`, `form, url`), or `''` for `{}`. */
  declared: Record<string, string>;
  /** Whether the capture holds any capability declaration at all. */
  declaredAny: boolean;
}

/** A client's captures, versions down; `capabilities` are the columns: every one any capture declared. */
export interface ClientTimeline {
  capabilities: string[];
  rows: TimelineRow[];
}

/** What a capability's declaration holds, in a few words: its own keys, or `''` where it is `{}` or not an object. */
const declarationText = (value: unknown): string => (isRecord(value) ? Object.keys(value).join(', ') : '');

/** The timeline of one client's captures: newest version first, then newest capture first. */
export const clientTimeline = (captures: readonly Capture[]): ClientTimeline => {
  const rows = captures
    .map((capture): TimelineRow => {
      const declared = declaredCapabilities(capture);
      return {
        ...captureSummary(capture),
        declared: Object.fromEntries(Object.entries(declared ?? {}).map(([name, value]) => [name, declarationText(value)])),
        declaredAny: declared !== undefined,
      };
    })
    .sort(
      (a, b) =>
        compareVersionsDescending(a.version, b.version) || b.capturedAt.localeCompare(a.capturedAt) || a.id.localeCompare(b.id),
    );
  const capabilities = [...new Set(rows.flatMap((row) => Object.keys(row.declared)))].sort((a, b) => a.localeCompare(b));
  return { capabilities, rows };
};

/** One identity a client presented, and the captures that show it. */
export interface ClientIdentity {
  name?: string;
  title?: string;
  version?: string;
  userAgent?: string;
  path: string;
  transport: string;
  /** The captures that show it, newest version first. */
  captures: { id: string; version: string }[];
}

/** Every distinct identity in a client's captures (clientInfo name, title, version, User-Agent, face, transport). */
export const clientIdentities = (captures: readonly Capture[]): ClientIdentity[] => {
  const identities = new Map<string, ClientIdentity>();
  for (const row of clientTimeline(captures).rows) {
    const [name, title, version, userAgent] = [
      infoText(row.clientInfo, 'name'),
      infoText(row.clientInfo, 'title'),
      infoText(row.clientInfo, 'version'),
      row.userAgent,
    ];
    const identity: Omit<ClientIdentity, 'captures'> = {
      ...(name === undefined ? {} : { name }),
      ...(title === undefined ? {} : { title }),
      ...(version === undefined ? {} : { version }),
      ...(userAgent === undefined ? {} : { userAgent }),
      path: row.path,
      transport: row.transport,
    };
    const key = JSON.stringify([identity.name, identity.title, identity.version, identity.userAgent, row.path, row.transport]);
    const known = identities.get(key) ?? { ...identity, captures: [] };
    known.captures.push({ id: row.id, version: row.version });
    identities.set(key, known);
  }
  return [...identities.values()];
};

/** At most this many rows in a client's timeline, and captures named per identity: a page stays small whatever the lab adds. */
export const TIMELINE_ROWS = 40;
export const IDENTITY_CAPTURES = 8;

/** A timeline row standing for every capture alike in version, face, transport, persona, offer and declaration: the newest of them. */
export interface SummaryRow extends TimelineRow {
  /** How many captures it stands for (1 or more). */
  count: number;
}

/** A client's timeline as its page shows it: alike captures as one row, the newest rows, and what was left out. */
export interface TimelineSummary {
  capabilities: string[];
  rows: SummaryRow[];
  /** Rows and captures beyond the newest `TIMELINE_ROWS` rows, with the versions they span. */
  older: { rows: number; captures: number; newest?: string; oldest?: string };
}

/**
 * Folds a timeline (newest first) into rows of alike captures, each the newest capture of its kind
 * with a count, and keeps the newest `limit` rows: a client with hundreds of captures gets a page of
 * its versions, not of every capture (each stays listed on /captures).
 */
export const summariseTimeline = (timeline: ClientTimeline, limit = TIMELINE_ROWS): TimelineSummary => {
  const rows: SummaryRow[] = [];
  const byKind = new Map<string, SummaryRow>();
  for (const row of timeline.rows) {
    const kind = JSON.stringify([row.version, row.path, row.transport, row.persona, row.offered, row.declared, row.declaredAny]);
    const known = byKind.get(kind);
    if (known) known.count += 1;
    else {
      const first = { ...row, count: 1 };
      byKind.set(kind, first);
      rows.push(first);
    }
  }
  const left = rows.slice(limit);
  return {
    capabilities: timeline.capabilities,
    rows: rows.slice(0, limit),
    older: {
      rows: left.length,
      captures: left.reduce((sum, row) => sum + row.count, 0),
      ...(left.length > 0 ? { newest: left[0]?.version, oldest: left.at(-1)?.version } : {}),
    },
  };
};

/** An identity with at most `limit` of its captures named (newest versions first) and how many more show it. */
export const briefIdentity = (identity: ClientIdentity, limit = IDENTITY_CAPTURES): ClientIdentity & { more: number } => ({
  ...identity,
  captures: identity.captures.slice(0, limit),
  more: Math.max(0, identity.captures.length - limit),
});

/** At most this many identities on a client's page. */
export const IDENTITY_ROWS = 40;

/** The first `rows` identities (newest versions first), each brief, and how many were left out. */
export const briefIdentities = (
  identities: readonly ClientIdentity[],
  rows = IDENTITY_ROWS,
): { shown: (ClientIdentity & { more: number })[]; omitted: number } => ({
  shown: identities.slice(0, rows).map((identity) => briefIdentity(identity)),
  omitted: Math.max(0, identities.length - rows),
});
