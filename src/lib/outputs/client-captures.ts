/**
 * What one client's captures show across its versions: a timeline (each capture's version, what it
 * offered and which capabilities it declared) and the identities it presented (clientInfo,
 * User-Agent, face and transport). Everything here came from a client: text to show, never markup.
 */
import type { Capture } from '../content/capture-rules.ts';
import { infoText } from '../content/capture-facts.ts';
import { heldWhileObserved, revisionOutcome } from '../content/handshake.ts';
import { messagesFrom } from '../mcp/messages.ts';
import { compareVersions } from '../content/versions.ts';
import { firstDeclaredCapabilities } from '../mcp/capabilities.ts';
import { isRecord } from '../mcp/json.ts';
import { captureSummary, type CaptureSummary } from './capture-view.ts';

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
  /** What the capture showed, in a few words (`held a session at 2024-11-05`). */
  showed: string;
  /** The lab scenario the capture ran, where it ran one beyond the handshake. */
  scenario?: string;
}

/** One captured version of a client: its captures (personas, scenarios, what each showed), and what they declared. */
export interface VersionGroup {
  version: string;
  rows: TimelineRow[];
  /** Every protocol version any of its captures offered, in the order first offered. */
  offered: string[];
  /** Per capability, what the version's captures declared, where every capture that declared anything agrees. */
  declared: Record<string, string>;
  /**
   * Per capability the captures disagree on, how many declared it (`2 of 3`): faces differ, and a
   * health check declares less than a session.
   */
  declaredIn: Record<string, string>;
  /** Whether any of its captures holds a capability declaration. */
  declaredAny: boolean;
  /** The first and last day it was captured. */
  firstCaptured: string;
  lastCaptured: string;
}

/** A client's captures, versions down; `capabilities` are the columns: every one any capture declared. */
export interface ClientTimeline {
  capabilities: string[];
  rows: TimelineRow[];
  /** The same captures, one entry per version, newest first. */
  versions: VersionGroup[];
}

/** What an observing capture shows beyond heldWhileObserved: a modern session, or a handshake after `server/discover`. */
const observedSession = (capture: Pick<Capture, 'events' | 'header'>, revisionText: (text: string) => string): string => {
  const as = (persona: string) => revisionOutcome({ ...capture, header: { ...capture.header, persona } }).outcome;
  if (as('modern-only')?.state === 'yes') return 'held a session at 2026-07-28';
  const answered = messagesFrom(capture, 'probe')
    .map(({ message }) => (isRecord(message['result']) ? message['result']['protocolVersion'] : undefined))
    .find((version): version is string => typeof version === 'string');
  if (answered !== undefined && as(`legacy:${answered}`)?.state === 'yes')
    return `held a session at ${revisionText(answered)} after server/discover`;
  return 'held no session the capture shows';
};

/**
 * What one capture showed, in a few words, from the decisions the matrix makes
 * (src/lib/content/handshake.ts): the session a persona decided, or the version a client opened
 * with and held while observed; and where the capture records no end of the run, that it does not.
 */
export const captureShowed = (capture: Pick<Capture, 'events' | 'header'>): string => {
  // Revisions come from the capture: only a revision id is repeated, so the words are safe in Markdown too.
  const revisionText = (text: string) => (/^\d{4}-\d{2}-\d{2}$/.test(text) ? text : 'a version that is no revision id');
  const held = heldWhileObserved(capture);
  const observed = held === undefined ? undefined : revisionText(held);
  const decided = revisionOutcome(capture).outcome;
  const outcome = decided === undefined ? undefined : { ...decided, revision: revisionText(decided.revision) };
  const persona = capture.header.persona;
  const said =
    observed !== undefined
      ? `opened at ${observed} and held a session`
      : outcome?.state === 'yes'
        ? `held a session at ${outcome.revision}`
        : outcome !== undefined
          ? persona === 'modern-only'
            ? 'tried only initialize, refused: no session'
            : `stopped after the ${outcome.revision} answer: no session`
          : persona === 'observe'
            ? observedSession(capture, revisionText)
            : 'decided nothing: no answer at its revision';
  const last = capture.events.at(-1);
  return last?.kind === 'lifecycle' ? said : `${said}; no end of the run recorded`;
};

/** What a capability's declaration holds, in a few words: its own keys, or `''` where it is `{}` or not an object. */
const declarationText = (value: unknown): string => (isRecord(value) ? Object.keys(value).join(', ') : '');

/** The timeline of one client's captures: newest version first, then newest capture first. */
export const clientTimeline = (captures: readonly Capture[]): ClientTimeline => {
  const rows = captures
    .map((capture): TimelineRow => {
      const declared = firstDeclaredCapabilities(capture);
      return {
        ...captureSummary(capture),
        declared: Object.fromEntries(Object.entries(declared ?? {}).map(([name, value]) => [name, declarationText(value)])),
        declaredAny: declared !== undefined,
        showed: captureShowed(capture),
        ...scenarioOf(capture),
      };
    })
    .sort(
      (a, b) =>
        compareVersionsDescending(a.version, b.version) || b.capturedAt.localeCompare(a.capturedAt) || a.id.localeCompare(b.id),
    );
  const capabilities = [...new Set(rows.flatMap((row) => Object.keys(row.declared)))].sort((a, b) => a.localeCompare(b));
  return { capabilities, rows, versions: byVersion(rows, capabilities) };
};

/** The scenario a capture's header names, where it names one (the header's `scenario`, FORMAT.md). */
const scenarioOf = (capture: Pick<Capture, 'header'>): { scenario?: string } => {
  const scenario = (capture.header as { scenario?: unknown }).scenario;
  return typeof scenario === 'string' ? { scenario } : {};
};

/** Rows (newest version first) grouped by version, each version once. */
const byVersion = (rows: readonly TimelineRow[], capabilities: readonly string[]): VersionGroup[] => {
  const groups: VersionGroup[] = [];
  for (const row of rows) {
    const group = groups.find((item) => compareVersions(item.version, row.version) === 0);
    if (group === undefined)
      groups.push({
        version: row.version,
        rows: [row],
        offered: [],
        declared: {},
        declaredIn: {},
        declaredAny: false,
        firstCaptured: row.capturedAt,
        lastCaptured: row.capturedAt,
      });
    else group.rows.push(row);
  }
  for (const group of groups) {
    group.offered = [...new Set(group.rows.flatMap((row) => row.offered))];
    const declaring = group.rows.filter((row) => row.declaredAny);
    group.declaredAny = declaring.length > 0;
    group.firstCaptured = group.rows.map((row) => row.capturedAt).sort()[0] ?? group.firstCaptured;
    group.lastCaptured =
      group.rows
        .map((row) => row.capturedAt)
        .sort()
        .at(-1) ?? group.lastCaptured;
    for (const capability of capabilities) {
      const texts = declaring.map((row) => row.declared[capability]);
      const present = texts.filter((text): text is string => text !== undefined);
      if (present.length === 0) continue;
      if (present.length === declaring.length && present.every((text) => text === present[0]))
        group.declared[capability] = present[0] as string;
      else {
        const kinds = [...new Set(present)].map((text) => (text === '' ? '{}' : text));
        group.declaredIn[capability] =
          present.length === declaring.length
            ? `all ${present.length}, as ${kinds.join(' or ')}`
            : `${present.length} of ${declaring.length}`;
      }
    }
  }
  return groups;
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

/** At most this many versions in a client's timeline, and captures named per identity: a page stays small whatever the lab adds. */
export const TIMELINE_VERSIONS = 40;
export const IDENTITY_CAPTURES = 8;

/** A row standing for every capture of one version alike in face, transport, persona, scenario and what it showed: the newest of them. */
export interface SummaryRow extends TimelineRow {
  /** How many captures it stands for (1 or more). */
  count: number;
}

/** One version as its client's page shows it: alike captures as one row. */
export interface SummaryVersion extends Omit<VersionGroup, 'rows'> {
  rows: SummaryRow[];
}

/** A client's timeline as its page shows it: the newest versions, alike captures folded, and what was left out. */
export interface TimelineSummary {
  capabilities: string[];
  versions: SummaryVersion[];
  /** Versions and captures beyond the newest `TIMELINE_VERSIONS` versions, with the versions they span. */
  older: { versions: number; captures: number; newest?: string; oldest?: string };
}

/**
 * Folds each version's captures into rows of alike captures, each the newest capture of its kind
 * with a count, and keeps the newest `limit` versions: a client with hundreds of captures gets a
 * page of its versions, not of every capture (each stays listed on /captures).
 */
export const summariseTimeline = (timeline: ClientTimeline, limit = TIMELINE_VERSIONS): TimelineSummary => {
  const versions = timeline.versions.map((group): SummaryVersion => {
    const rows: SummaryRow[] = [];
    const byKind = new Map<string, SummaryRow>();
    for (const row of group.rows) {
      const kind = JSON.stringify([row.path, row.transport, row.persona, row.scenario ?? '', row.command ?? '', row.showed]);
      const known = byKind.get(kind);
      if (known) known.count += 1;
      else {
        const first = { ...row, count: 1 };
        byKind.set(kind, first);
        rows.push(first);
      }
    }
    return { ...group, rows };
  });
  const left = versions.slice(limit);
  return {
    capabilities: timeline.capabilities,
    versions: versions.slice(0, limit),
    older: {
      versions: left.length,
      captures: left.reduce((sum, group) => sum + group.rows.reduce((count, row) => count + row.count, 0), 0),
      ...(left[0] === undefined ? {} : { newest: left[0].version, oldest: (left.at(-1) ?? left[0]).version }),
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
