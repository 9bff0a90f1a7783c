/**
 * The captures index, laid out so that no page grows with the captures: `/captures` names each
 * client with how many captures it has, and the captures themselves are listed a bounded number to a
 * page (`/captures/page/2`, …), in the order the site keeps them (by client, newest first).
 */
import { pageCount } from './paging.ts';

/** Captures per page of the index: at about 400 bytes a row, a page stays far under 150 KB. */
export const CAPTURE_PAGE_SIZE = 100;

/** What the index needs of a capture. */
export interface IndexedCapture {
  client: string;
  version: string;
  capturedAt: string;
}

/** One client's captures in the index: how many, of how many versions, the newest, and where they start. */
export interface CaptureGroup {
  client: string;
  captures: number;
  versions: number;
  /** The newest capture's time (ISO). */
  newest: string;
  /** The index page (1-based) that lists this client's first capture. */
  page: number;
}

/**
 * The clients of a list of captures, in the list's order, each with the page where its captures
 * start; the list is in index order, so a client's captures are together from that page on.
 */
export const captureGroups = (captures: readonly IndexedCapture[], size = CAPTURE_PAGE_SIZE): CaptureGroup[] => {
  const groups = new Map<string, CaptureGroup & { seen: Set<string> }>();
  captures.forEach((capture, index) => {
    const group = groups.get(capture.client);
    if (group === undefined) {
      groups.set(capture.client, {
        client: capture.client,
        captures: 1,
        versions: 1,
        newest: capture.capturedAt,
        page: Math.floor(index / size) + 1,
        seen: new Set([capture.version]),
      });
      return;
    }
    group.captures += 1;
    group.seen.add(capture.version);
    group.versions = group.seen.size;
    if (capture.capturedAt > group.newest) group.newest = capture.capturedAt;
  });
  return [...groups.values()].map((group) => ({
    client: group.client,
    captures: group.captures,
    versions: group.versions,
    newest: group.newest,
    page: group.page,
  }));
};

/** How many index pages a number of captures takes (one, even with none). */
export const capturePageCount = (total: number): number => pageCount(total, CAPTURE_PAGE_SIZE);
