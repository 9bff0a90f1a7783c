/**
 * What one client's captures show across its versions: a timeline (each capture's version, what it
 * offered and which capabilities it declared) and the identities it presented (clientInfo,
 * User-Agent, face and transport). Everything here came from a client: text to show, never markup.
 */
import type { Capture } from '../evidence/capture.ts';
import { infoText } from '../evidence/capture-facts.ts';
import { heldWhileObserved, revisionOutcome } from '../scenarios/handshake.ts';
import { messagesFrom } from '../mcp/messages.ts';
import { listsRelease, releaseDay, releasesOf, releasesWithin, type ReleaseTimes } from '../evidence/releases.ts';
import { compareVersions } from '../evidence/versions.ts';
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
 * (src/lib/scenarios/handshake.ts): the session a persona decided, or the version a client opened
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
export const clientTimeline = (
  captures: readonly Capture[],
  /** Each capture's summary, where the caller has made it already (the site's capture views). */
  summaryOf: (capture: Capture) => CaptureSummary = captureSummary,
): ClientTimeline => {
  const rows = captures.map((capture): TimelineRow => {
    const declared = firstDeclaredCapabilities(capture);
    return {
      ...summaryOf(capture),
      declared: Object.fromEntries(Object.entries(declared ?? {}).map(([name, value]) => [name, declarationText(value)])),
      declaredAny: declared !== undefined,
      showed: captureShowed(capture),
      ...scenarioOf(capture),
    };
  });
  // Versions are ranked once each, not compared again at every step of the sort: a client with
  // 1,700 captures has hundreds of versions, and each comparison parses both.
  const rank = new Map(
    [...new Set(rows.map((row) => row.version))].sort(compareVersionsDescending).map((version, index) => [version, index]),
  );
  const at = (row: TimelineRow) => rank.get(row.version) ?? 0;
  rows.sort((a, b) => at(a) - at(b) || b.capturedAt.localeCompare(a.capturedAt) || a.id.localeCompare(b.id));
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
  const byText = new Map<string, VersionGroup>();
  for (const row of rows) {
    // Rows come ranked by version, so a version that compares equal to another (1.0 and 1.0.0) is
    // next to it: only the last group can hold it. A version with no number in it is one version
    // where its text is the same.
    const last = groups.at(-1);
    const group =
      byText.get(row.version) ?? (last !== undefined && compareVersions(last.version, row.version) === 0 ? last : undefined);
    if (group !== undefined) byText.set(row.version, group);
    if (group === undefined) {
      const made: VersionGroup = {
        version: row.version,
        rows: [row],
        offered: [],
        declared: {},
        declaredIn: {},
        declaredAny: false,
        firstCaptured: row.capturedAt,
        lastCaptured: row.capturedAt,
      };
      groups.push(made);
      byText.set(row.version, made);
    } else group.rows.push(row);
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
export const clientIdentities = (captures: readonly Capture[]): ClientIdentity[] => timelineIdentities(clientTimeline(captures));

/** The identities of a timeline already made (`clientIdentities`). */
export const timelineIdentities = (timeline: Pick<ClientTimeline, 'rows'>): ClientIdentity[] => {
  const identities = new Map<string, ClientIdentity>();
  for (const row of timeline.rows) {
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

/** At most this many captures a page of a client's capture list (`/clients/<id>/captures`). */
export const CLIENT_CAPTURE_PAGE_SIZE = 100;

/** One thing a persona or scenario showed at a version: how many of its captures showed it, and the newest of them. */
export interface VersionOutcome {
  showed: string;
  count: number;
  /** The newest capture that showed it. */
  newest: string;
}

/** A persona's handshakes, or a scenario's runs, at one version, and what they showed (not a cell's version run, src/lib/cells/version-runs.ts). */
export interface RunGroup {
  persona: string;
  /** The scenario; absent for a handshake alone. */
  scenario?: string;
  /** Each distinct outcome, in the order of its newest capture. */
  outcomes: VersionOutcome[];
}

/** A face and transport a version was captured in, and how many captures it has. */
export interface VersionFace {
  path: string;
  transport: string;
  count: number;
}

/** One version as its client's page shows it: one row, whatever the number of its captures. */
export interface VersionRow extends Omit<VersionGroup, 'rows'> {
  captures: number;
  faces: VersionFace[];
  /** Handshakes (captures that ran no scenario), by persona. */
  personas: RunGroup[];
  /** Scenario runs, by scenario and persona. */
  scenarios: RunGroup[];
  /** Where the version's first capture is in the client's capture list: its page and the anchor of its row. */
  listed: { page: number; anchor: string };
  /**
   * The releases published between this version and the next older captured one, none of them
   * captured (`count` 0 where the two are adjacent releases); absent where the client's releases
   * are unknown, where either version is not among them, or for the oldest captured version.
   */
  notCapturedBefore?: ReleaseGap;
  /** The day the version was published (YYYY-MM-DD), where the client's release list says. */
  released?: string;
}

/** Releases nobody captured between two captured versions: how many, and the oldest and newest of them. */
export interface ReleaseGap {
  count: number;
  oldest?: string;
  newest?: string;
}

/**
 * Each version (newest first, as `versionTable` gives them) with the releases published between it
 * and the next older captured version, from the client's published versions (content/releases/),
 * and the day it was published where the release times list it.
 */
export const withReleaseGaps = (
  rows: readonly VersionRow[],
  published: readonly string[] | undefined,
  times?: ReleaseTimes,
): VersionRow[] => {
  const versions = rows.map((row) => {
    const released = releaseDay(times, row.version);
    return released === undefined ? row : { ...row, released };
  });
  if (published === undefined) return versions;
  const releases = releasesOf(
    published,
    versions.map((row) => row.version),
  );
  return versions.map((row, index) => {
    const older = versions[index + 1];
    if (older === undefined || !listsRelease(releases, row.version) || !listsRelease(releases, older.version)) return row;
    const between = releasesWithin(releases, older.version, row.version, false);
    return {
      ...row,
      notCapturedBefore: {
        count: between.length,
        ...(between[0] === undefined ? {} : { oldest: between[0], newest: between.at(-1) as string }),
      },
    };
  });
};

/** `released 2026-03-12`, `released 2026-01-02 to 2026-02-03`, or `9.0.5 released 2026-03-01` where one end's day is unknown. */
export const spanReleased = (
  span: Pick<VersionSpan, 'versions' | 'newest' | 'oldest' | 'newestReleased' | 'oldestReleased'>,
): string | undefined => {
  const { newestReleased: newest, oldestReleased: oldest } = span;
  if (span.versions === 1) return newest === undefined ? undefined : `released ${newest}`;
  if (newest === undefined) return oldest === undefined ? undefined : `${span.oldest} released ${oldest}`;
  if (oldest === undefined) return `${span.newest} released ${newest}`;
  return oldest === newest ? `released ${newest}` : `released ${oldest} to ${newest}`;
};

/**
 * How many versions a span holds, in words: `(5)`, or `(5 of 28 releases)` where releases between
 * them were not captured; nothing for one version.
 */
export const spanCount = (span: Pick<VersionSpan, 'versions' | 'releases'>): string | undefined =>
  span.versions === 1 && (span.releases ?? 1) === 1
    ? undefined
    : span.releases !== undefined && span.releases > span.versions
      ? `(${span.versions} of ${span.releases} releases)`
      : `(${span.versions})`;

/** `11 releases (0.105.0 to 0.115.0)`, `1 release (0.119.0)`, or undefined for none. */
export const releaseGapLabel = (gap: ReleaseGap | undefined): string | undefined => {
  if (gap === undefined || gap.count === 0) return undefined;
  const span = gap.oldest === gap.newest ? gap.oldest : `${gap.oldest ?? ''} to ${gap.newest ?? ''}`;
  return `${gap.count} ${gap.count === 1 ? 'release' : 'releases'} (${span ?? ''})`;
};

/** A client's versions as its page shows them: the newest, one row each, and what was left out. */
export interface VersionTable {
  capabilities: string[];
  versions: VersionRow[];
  /** Versions and captures beyond the newest `TIMELINE_VERSIONS` versions, with the versions they span. */
  older: { versions: number; captures: number; newest?: string; oldest?: string };
}

/** Runs grouped by persona and scenario, each with its distinct outcomes counted. */
const runsOf = (rows: readonly TimelineRow[]): RunGroup[] => {
  const runs = new Map<string, RunGroup>();
  for (const row of rows) {
    const key = JSON.stringify([row.scenario ?? '', row.persona]);
    const run = runs.get(key) ?? {
      persona: row.persona,
      ...(row.scenario === undefined ? {} : { scenario: row.scenario }),
      outcomes: [],
    };
    runs.set(key, run);
    const outcome = run.outcomes.find((item) => item.showed === row.showed);
    if (outcome) outcome.count += 1;
    else run.outcomes.push({ showed: row.showed, count: 1, newest: row.id });
  }
  return [...runs.values()];
};

/**
 * The anchor of each version's first row in the client's capture list: `v-` and the version with
 * anything but letters, digits, `.` and `-` as `-`, numbered where two versions would share one.
 */
export const versionAnchors = (versions: readonly string[]): Map<string, string> => {
  const anchors = new Map<string, string>();
  const taken = new Set<string>();
  for (const version of versions) {
    const base = `v-${version.replace(/[^A-Za-z0-9.-]/g, '-')}`;
    let anchor = base;
    for (let n = 2; taken.has(anchor); n++) anchor = `${base}-${n}`;
    taken.add(anchor);
    anchors.set(version, anchor);
  }
  return anchors;
};

/**
 * One row per version, newest first: how many captures, in which faces and transports, each
 * persona's handshakes and each scenario's runs with what they showed (each outcome counted and
 * linking its newest capture), and where the version starts in the client's capture list, which
 * names every capture. Keeps the newest `limit` versions: a page stays small whatever the lab adds.
 */
export const versionTable = (
  timeline: ClientTimeline,
  limit = TIMELINE_VERSIONS,
  pageSize = CLIENT_CAPTURE_PAGE_SIZE,
): VersionTable => {
  const anchors = versionAnchors(timeline.versions.map((group) => group.version));
  const at = new Map(timeline.rows.map((row, index) => [row.id, index]));
  const versions = timeline.versions.map((group): VersionRow => {
    const { rows, ...rest } = group;
    const faces = new Map<string, VersionFace>();
    for (const row of rows) {
      const key = `${row.path}\0${row.transport}`;
      const face = faces.get(key) ?? { path: row.path, transport: row.transport, count: 0 };
      face.count += 1;
      faces.set(key, face);
    }
    const first = at.get(rows[0]?.id ?? '') ?? 0;
    const listed = { page: Math.floor(first / pageSize) + 1, anchor: anchors.get(group.version) ?? '' };
    return {
      ...rest,
      captures: rows.length,
      faces: [...faces.values()],
      personas: runsOf(rows.filter((row) => row.scenario === undefined)),
      scenarios: runsOf(rows.filter((row) => row.scenario !== undefined)).sort((a, b) =>
        (a.scenario ?? '').localeCompare(b.scenario ?? ''),
      ),
      listed,
    };
  });
  return newestVersions({ capabilities: timeline.capabilities, versions }, limit);
};

/** A table's newest `limit` versions, and how many older versions and captures (with the versions they span) were left out. */
export const newestVersions = (
  table: Pick<VersionTable, 'capabilities' | 'versions'>,
  limit = TIMELINE_VERSIONS,
): VersionTable => {
  const left = table.versions.slice(limit);
  return {
    capabilities: table.capabilities,
    versions: table.versions.slice(0, limit),
    older: {
      versions: left.length,
      captures: left.reduce((sum, group) => sum + group.captures, 0),
      ...(left[0] === undefined ? {} : { newest: left[0].version, oldest: (left.at(-1) ?? left[0]).version }),
    },
  };
};

/** One page of a client's capture list: its rows, in the timeline's order, each version's first marked with its anchor. */
export const captureListPage = (
  timeline: ClientTimeline,
  page: number,
  pageSize = CLIENT_CAPTURE_PAGE_SIZE,
): (TimelineRow & { anchor?: string })[] => {
  const anchors = versionAnchors(timeline.versions.map((group) => group.version));
  const firsts = new Map(timeline.versions.map((group) => [group.rows[0]?.id, anchors.get(group.version)]));
  return timeline.rows.slice((page - 1) * pageSize, page * pageSize).map((row) => {
    const anchor = firsts.get(row.id);
    return anchor === undefined ? row : { ...row, anchor };
  });
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

/** A persona's handshakes or a scenario's runs across a span of versions: what they showed, without counts. */
export interface SpanRun {
  persona: string;
  scenario?: string;
  showed: string[];
}

/** Runs that showed the same, said once: `auth-dcr, auth-oidc: held a session at 2026-07-28`. */
export interface SpanOutcome {
  runs: SpanRun[];
  showed: string[];
}

/** A span's runs grouped by what they showed, each outcome where its first run stood, its runs in their order. */
export const runsByOutcome = (runs: readonly SpanRun[]): SpanOutcome[] =>
  [...Map.groupBy(runs, (run) => run.showed.join('\n')).values()].map((same) => ({
    runs: same,
    showed: same[0]?.showed ?? [],
  }));

/**
 * Consecutive versions whose captures showed the same (same faces, the same outcome for each persona
 * and scenario, the same versions offered and capabilities declared), folded into one row: what a
 * client's page shows, so a client captured at a hundred versions that behaved alike reads as a few rows.
 */
export interface VersionSpan {
  newest: string;
  oldest: string;
  versions: number;
  captures: number;
  faces: { path: string; transport: string }[];
  personas: SpanRun[];
  scenarios: SpanRun[];
  offered: string[];
  /** The capabilities its captures declared (every one that any declared), in column order. */
  declared: string[];
  /** Where the span's newest version starts in the client's capture list. */
  listed: { page: number; anchor: string };
  /** The last day any of its versions was captured. */
  lastCaptured: string;
  /** The releases from its oldest to its newest version, both included, where the client's releases are known. */
  releases?: number;
  /** The releases between it and the next older span, none of them captured (withReleaseGaps). */
  notCapturedBefore?: ReleaseGap;
  /** The days its newest and its oldest version were published, where the client's release list says. */
  newestReleased?: string;
  oldestReleased?: string;
}

/** At most this many spans on a client's page: the rest are on its versions page. */
export const VERSION_SPANS = 12;

const spanRuns = (runs: readonly RunGroup[]): SpanRun[] =>
  runs.map((run) => ({
    persona: run.persona,
    ...(run.scenario === undefined ? {} : { scenario: run.scenario }),
    showed: run.outcomes.map((outcome) => outcome.showed).sort(),
  }));

/** What must be equal for two versions to share a span (every field the span shows). */
const spanShape = (row: VersionRow, capabilities: readonly string[]) =>
  JSON.stringify([
    row.faces.map((face) => `${face.path}\0${face.transport}`).sort(),
    spanRuns(row.personas).sort((a, b) => a.persona.localeCompare(b.persona)),
    spanRuns(row.scenarios),
    row.offered,
    capabilities.map((capability) => [row.declared[capability] ?? null, row.declaredIn[capability] === undefined]),
  ]);

/**
 * Folds a client's versions (newest first, as `versionTable` gives them, all of them) into spans of
 * consecutive versions that showed the same, newest first; keeps the newest `limit` spans and counts
 * what was left out.
 */
export const versionSpans = (
  table: Pick<VersionTable, 'capabilities' | 'versions'>,
  limit = VERSION_SPANS,
): { spans: VersionSpan[]; older: { spans: number; versions: number; captures: number } } => {
  const spans: VersionSpan[] = [];
  // Each span's shape, by index: what the next version must equal to join it.
  const shapes: string[] = [];
  // The version before this one (newer): its gap is what lies between it and this one.
  let previous: VersionRow | undefined;
  // Whether the releases are known at all: some version has a gap (the oldest alone never has one).
  const known = table.versions.some((row) => row.notCapturedBefore !== undefined);
  for (const row of table.versions) {
    const shape = spanShape(row, table.capabilities);
    const last = spans.at(-1);
    if (last !== undefined && shapes.at(-1) === shape) {
      // The span's releases grow by the version joining it and those between it and the span's oldest.
      const gap = previous?.notCapturedBefore;
      if (last.releases !== undefined) {
        if (gap === undefined) delete last.releases;
        else last.releases += 1 + gap.count;
      }
      last.oldest = row.version;
      if (row.released === undefined) delete last.oldestReleased;
      else last.oldestReleased = row.released;
      last.versions += 1;
      last.captures += row.captures;
      if (row.lastCaptured > last.lastCaptured) last.lastCaptured = row.lastCaptured;
      if (row.notCapturedBefore === undefined) delete last.notCapturedBefore;
      else last.notCapturedBefore = row.notCapturedBefore;
      previous = row;
      continue;
    }
    previous = row;
    shapes.push(shape);
    spans.push({
      newest: row.version,
      oldest: row.version,
      versions: 1,
      captures: row.captures,
      faces: row.faces.map(({ path, transport }) => ({ path, transport })),
      personas: spanRuns(row.personas),
      scenarios: spanRuns(row.scenarios),
      offered: row.offered,
      declared: table.capabilities.filter(
        (capability) => row.declared[capability] !== undefined || row.declaredIn[capability] !== undefined,
      ),
      listed: row.listed,
      lastCaptured: row.lastCaptured,
      ...(row.notCapturedBefore === undefined && !known ? {} : { releases: 1 }),
      ...(row.notCapturedBefore === undefined ? {} : { notCapturedBefore: row.notCapturedBefore }),
      ...(row.released === undefined ? {} : { newestReleased: row.released, oldestReleased: row.released }),
    });
  }
  const left = spans.slice(limit);
  return {
    spans: spans.slice(0, limit),
    older: {
      spans: left.length,
      versions: left.reduce((sum, span) => sum + span.versions, 0),
      captures: left.reduce((sum, span) => sum + span.captures, 0),
    },
  };
};

/** Each distinct `clientInfo.name` among a client's identities (newest first), with how many identities and captures carry it. */
export const identityNames = (
  identities: readonly ClientIdentity[],
): { name?: string; identities: number; captures: number }[] => {
  const names = new Map<string | undefined, { name?: string; identities: number; captures: number }>();
  for (const identity of identities) {
    const known = names.get(identity.name) ?? {
      ...(identity.name === undefined ? {} : { name: identity.name }),
      identities: 0,
      captures: 0,
    };
    known.identities += 1;
    known.captures += identity.captures.length;
    names.set(identity.name, known);
  }
  return [...names.values()];
};
