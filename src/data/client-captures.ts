/** What one client's captures show, for its pages: its versions, the identities it presented, and every capture, a page at a time. */
import { captureData } from './captures.ts';
import {
  CLIENT_CAPTURE_PAGE_SIZE,
  briefIdentities,
  captureListPage,
  clientTimeline,
  identityNames,
  timelineIdentities,
  newestVersions,
  versionSpans,
  versionTable,
  type ClientIdentity,
  type ClientTimeline,
  type TimelineRow,
  type VersionTable,
} from '../lib/outputs/client-captures.ts';
import { pageCount } from '../lib/outputs/paging.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { captureSummary, type CaptureSummary } from '../lib/outputs/capture-view.ts';

/** A client's versions and identities; all empty where nothing of it has been captured. */
export interface ClientCaptures {
  /** The newest versions, one row each: the versions page's table. */
  timeline: VersionTable;
  /** Runs of consecutive versions that showed the same, folded: the client page's summary. */
  spans: ReturnType<typeof versionSpans>;
  /** How many versions were captured, the newest and the oldest. */
  versions: { count: number; newest?: string; oldest?: string };
  identities: (ClientIdentity & { more: number })[];
  /** Identities beyond those shown. */
  identitiesOmitted: number;
  /** Each clientInfo.name the identities carry: the client page's summary of them. */
  names: ReturnType<typeof identityNames>;
  /** How many captures of it there are, and the pages of its capture list. */
  captures: number;
  pages: number;
}

interface Timelines {
  captures: Map<string, Capture[]>;
  summaries: Map<Capture, CaptureSummary>;
  timelines: Map<string, ClientTimeline>;
}

const load = async (): Promise<Timelines> => {
  const views = await captureData();
  const captures = Map.groupBy(
    views.map((view) => view.capture),
    (capture) => capture.header.client,
  );
  return { captures, summaries: new Map(views.map((view) => [view.capture, view.summary])), timelines: new Map() };
};

let cached: Promise<Timelines> | undefined;

/** A client's captures and their timeline, made once per build (per request in dev): each page of its list reads the same. */
const ofClient = async (client: string): Promise<{ captures: Capture[]; timeline: ClientTimeline }> => {
  const all = import.meta.env.DEV ? await load() : await (cached ??= load());
  const captures = all.captures.get(client) ?? [];
  let timeline = all.timelines.get(client);
  if (timeline === undefined) {
    const { summaries } = all;
    timeline = clientTimeline(captures, (capture) => summaries.get(capture) ?? captureSummary(capture));
    all.timelines.set(client, timeline);
  }
  return { captures, timeline };
};

/** The captures of one client, shaped for its page. */
export const clientCaptures = async (client: string): Promise<ClientCaptures> => {
  const { captures, timeline } = await ofClient(client);
  const all = versionTable(timeline, Infinity);
  const identities = timelineIdentities(timeline);
  return {
    timeline: newestVersions(all),
    spans: versionSpans(all),
    versions: {
      count: all.versions.length,
      ...(all.versions[0] === undefined
        ? {}
        : { newest: all.versions[0].version, oldest: (all.versions.at(-1) ?? all.versions[0]).version }),
    },
    ...(({ shown, omitted }) => ({ identities: shown, identitiesOmitted: omitted }))(briefIdentities(identities)),
    names: identityNames(identities),
    captures: captures.length,
    pages: pageCount(captures.length, CLIENT_CAPTURE_PAGE_SIZE),
  };
};

/** One page of a client's capture list: its rows, the number of pages and of captures. */
export const clientCaptureList = async (
  client: string,
  page: number,
): Promise<{ rows: (TimelineRow & { anchor?: string })[]; pages: number; captures: number; first: number }> => {
  const { timeline } = await ofClient(client);
  return {
    rows: captureListPage(timeline, page),
    pages: pageCount(timeline.rows.length, CLIENT_CAPTURE_PAGE_SIZE),
    captures: timeline.rows.length,
    first: (page - 1) * CLIENT_CAPTURE_PAGE_SIZE + 1,
  };
};

/** Every capture of a client, in its list's order: for the list's twin. */
export const clientCaptureRows = async (client: string): Promise<readonly TimelineRow[]> =>
  (await ofClient(client)).timeline.rows;
