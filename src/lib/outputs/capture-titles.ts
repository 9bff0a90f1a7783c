/**
 * A capture page's title and description, made from what a reader looks for: the client's name and
 * version, the probe's persona, the face and transport, and only where that leaves two captures alike,
 * the day, then the time, then which of the captures made in the same second it is. Every title is
 * unique within `max` characters, so a search result or a browser tab tells one capture from another.
 */
import { clipText } from '../markdown/snippet.ts';

/** What the title needs of a capture. */
export interface TitledCapture {
  id: string;
  clientName: string;
  version: string;
  persona: string;
  path: string;
  transport: string;
  capturedAt: string;
}

/** What the title needs of a capture, from its header and its client's display name (its id where it has none). */
export const titledCapture = (
  capture: {
    id: string;
    header: Pick<TitledCapture, 'version' | 'persona' | 'path' | 'transport' | 'capturedAt'> & { client: string };
  },
  clientName: string | undefined,
): TitledCapture => ({
  id: capture.id,
  clientName: clientName ?? capture.header.client,
  version: capture.header.version,
  persona: capture.header.persona,
  path: capture.header.path,
  transport: capture.header.transport,
  capturedAt: capture.header.capturedAt,
});

/** A capture page's head: its title (before the site's suffix) and its meta description. */
export interface CaptureHeading {
  title: string;
  description: string;
}

/** How much a title says beyond the capture's identity: nothing, the day, the time, an ordinal. */
type Detail = 0 | 1 | 2 | 3;

const front = (capture: TitledCapture) =>
  `${capture.clientName} ${capture.version}, ${capture.persona}, ${capture.path} ${capture.transport}`;
const day = (capture: TitledCapture) => capture.capturedAt.slice(0, 10);
const time = (capture: TitledCapture) => capture.capturedAt.slice(11, 19);

/** The part that tells captures apart: it is never cut, the front is cut to make room for it. */
const suffix = (capture: TitledCapture, detail: Detail, ordinal: number) =>
  detail === 0 ? '' : `, ${day(capture)}${detail >= 2 ? ` ${time(capture)}` : ''}${detail === 3 ? ` (${ordinal})` : ''}`;

const titleOf = (capture: TitledCapture, detail: Detail, ordinal: number, max: number) => {
  const tail = suffix(capture, detail, ordinal);
  return `${clipText(front(capture), max - [...tail].length)}${tail}`;
};

/** Groups of captures that share a title, each in id order. */
const clashes = (titles: Map<TitledCapture, string>): TitledCapture[][] => {
  const byTitle = new Map<string, TitledCapture[]>();
  for (const [capture, title] of titles) byTitle.set(title, [...(byTitle.get(title) ?? []), capture]);
  return [...byTitle.values()].filter((group) => group.length > 1).map((group) => group.sort((a, b) => a.id.localeCompare(b.id)));
};

/**
 * Every capture's title and description, by id. A title says more only while it clashes with
 * another's; the last step numbers the captures that are alike to the second (one client opening two
 * connections at once), so no two titles are the same.
 */
export const captureHeadings = (captures: readonly TitledCapture[], max: number): Map<string, CaptureHeading> => {
  const detail = new Map<TitledCapture, Detail>(captures.map((capture) => [capture, 0]));
  const ordinal = new Map<TitledCapture, number>();
  const titles = () =>
    new Map(captures.map((capture) => [capture, titleOf(capture, detail.get(capture) ?? 0, ordinal.get(capture) ?? 1, max)]));
  let current = titles();
  for (let step = 0; step < 3; step += 1) {
    const groups = clashes(current);
    if (groups.length === 0) break;
    for (const group of groups)
      group.forEach((capture, index) => {
        const next = Math.min(3, (detail.get(capture) ?? 0) + 1) as Detail;
        detail.set(capture, next);
        ordinal.set(capture, index + 1);
      });
    current = titles();
  }
  return new Map(
    captures.map((capture) => {
      const n =
        detail.get(capture) === 3
          ? `, the ${ordinals[(ordinal.get(capture) ?? 1) - 1] ?? `number ${ordinal.get(capture)}`} capture that second`
          : '';
      return [
        capture.id,
        {
          title: current.get(capture) ?? front(capture),
          description: `What ${capture.clientName} ${capture.version} sent to the canimcp probe on ${day(capture)} at ${time(capture)} UTC${n} (${capture.path} over ${capture.transport}, persona ${capture.persona}), and what the probe answered.`,
        },
      ];
    }),
  );
};

const ordinals = ['first', 'second', 'third', 'fourth', 'fifth'];
