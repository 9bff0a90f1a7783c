/** The captures as the site shows them: each valid capture, its summary, its client's name and the notes citing it. */
import { siteData } from './site.ts';
import type { CaptureSummary } from '../lib/outputs/capture-view.ts';
import { captureSummary } from '../lib/outputs/capture-view.ts';
import { isCaptureSource } from '../schema/index.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import type { ReleaseTimes } from '../lib/evidence/releases.ts';
import { publication } from 'canimcp/build-context';
import { captureHeadings, titledCapture, type CaptureHeading } from '../lib/outputs/capture-titles.ts';
import { PAGE_TITLE_MAX } from '../lib/markdown/snippet.ts';

/** A valid capture with the bytes it was read from. */
export type PublishedCapture = Capture & { bytes: Uint8Array<ArrayBuffer> };

/** One capture, ready to lay out. */
export interface CaptureView {
  capture: PublishedCapture;
  summary: CaptureSummary;
  /** The client's display name (its id where the client has none). */
  clientName: string;
  /** The notes that cite this capture as a source, newest first. */
  citedBy: { id: string; title: string }[];
  /** Its page's title and description: unique among the captures. */
  heading: CaptureHeading;
}

const load = async (): Promise<CaptureView[]> => {
  const site = await siteData();
  const published = publication();
  // Check read each valid capture once (the build refuses any invalid one before pages are made;
  // dev leaves it out): pages take them as read, with the bytes they were read from.
  const captures = (published?.captureFiles ?? []).flatMap((file): PublishedCapture[] => {
    const capture = published?.validCaptures.get(file.id);
    return capture === undefined ? [] : [{ ...capture, bytes: file.bytes }];
  });
  // The notes citing each capture, gathered in one pass over the notes (newest first, as they are
  // listed): looking through every note for every capture cost 50 million checks at 10,000 captures.
  const citing = new Map<string, { id: string; title: string }[]>();
  for (const note of site.notes) {
    const cited = new Set(note.data.sources.flatMap((source) => (isCaptureSource(source) ? [source.capture] : [])));
    for (const id of cited) citing.set(id, [...(citing.get(id) ?? []), { id: note.id, title: note.data.title }]);
  }
  const views = captures
    .map((capture) => ({
      capture,
      summary: captureSummary(capture),
      clientName: site.clientById.get(capture.header.client)?.data.name ?? capture.header.client,
      citedBy: citing.get(capture.id) ?? [],
    }))
    .sort(
      (a, b) =>
        a.capture.header.client.localeCompare(b.capture.header.client) ||
        b.summary.capturedAt.localeCompare(a.summary.capturedAt),
    );
  // The same titles as the capture's page key holds (src/node/page-keys.ts).
  const headings = captureHeadings(
    views.map(({ capture }) => titledCapture(capture, site.clientById.get(capture.header.client)?.data.name)),
    PAGE_TITLE_MAX,
  );
  return views.map((view) => ({
    ...view,
    heading: headings.get(view.capture.id) ?? { title: `Capture ${view.capture.id}`, description: view.capture.id },
  }));
};

let cached: Promise<CaptureView[]> | undefined;

/** Every valid capture, by client then newest first; read once per build (per request in dev). */
export const captureData = (): Promise<CaptureView[]> => {
  if (import.meta.env.DEV) return load();
  return (cached ??= load());
};

/** Per note id, the clients whose captures the note cites: what makes a verdict `observed`. */
export const observedByNote = async (): Promise<Map<string, Set<string>>> => {
  const [site, views] = await Promise.all([siteData(), captureData()]);
  const clientOf = new Map(views.map((view) => [view.capture.id, view.capture.header.client]));
  const observed = new Map<string, Set<string>>();
  for (const note of site.notes) {
    for (const source of note.data.sources) {
      const client = isCaptureSource(source) ? clientOf.get(source.capture) : undefined;
      if (client !== undefined) observed.set(note.id, (observed.get(note.id) ?? new Set()).add(client));
    }
  }
  return observed;
};

/**
 * Per client, its published versions from its release list (content/releases/), where it has one that
 * lists them all: a list of the captured versions only dates them, and counts nothing between them.
 */
export const publishedVersions = (): ReadonlyMap<string, readonly string[]> =>
  new Map(
    [...(publication()?.releases.entries() ?? [])]
      .filter(([, list]) => list.only === undefined)
      .map(([client, list]) => [client, Object.keys(list.versions)]),
  );

/** Per client, when each of its versions was published, from its release list (content/releases/), where it has one. */
export const releaseTimes = (): ReadonlyMap<string, ReleaseTimes> =>
  new Map([...(publication()?.releases.entries() ?? [])].map(([client, list]) => [client, list.versions]));
