/**
 * The prepared content (prepare.ts) in two forms: `PreparedParts`, plain data that crosses between
 * processes as it is (`npm run build`'s parent prepares the content while its page build starts
 * Astro, and sends it these), and `Prepared`, what the content loader, the page plan and the pages
 * read, with the views made from the parts on demand (`assemblePrepared`). This module renders and
 * reads nothing, so the page build loads neither the validator nor the Markdown pipeline.
 */
import type { CollectionName } from '../schema/index.ts';
import type { Body } from '../lib/outputs/bodies.ts';
import type { NoteDrift } from '../lib/outputs/drift-marks.ts';
import type { CaptureBytes } from '../lib/content/capture-rules.ts';
import { correctedBy, newestFirst } from '../lib/outputs/indexes.ts';
import type { Problem } from '../lib/content/problems.ts';
import {
  capabilityRecord,
  clientRecord,
  featureRecord,
  noteRecord,
  revisionRecord,
  type SearchRecord,
} from '../lib/search/search-records.ts';
import { isStale } from '../lib/content/stale.ts';
import { noteTwin } from '../lib/outputs/twin.ts';
import { canonicalNoteUrl } from '../lib/routes/urls.ts';
import type { VerdictHistory } from '../lib/matrix/verdict-history.ts';
import type { Content, Entry } from '../lib/content/entries.ts';

/** The prepared content as data only (no functions, no class but Map and typed arrays): what a structured clone carries whole. */
export interface PreparedParts {
  /** The origin and the build date it was prepared for. */
  origin: string;
  today: string;
  content: Content;
  problems: Problem[];
  /** Each entry's `last-updated`, by absolute path. */
  lastUpdated: Map<string, string>;
  /** What pages and twins need beyond the frontmatter, per entry. */
  bodies: [CollectionName, string, Body][];
  /** Each entry's body as plain text (its search record's), by absolute path. */
  texts: Map<string, string>;
  /** The drift report's marks on each note that has any, by id (they show in its twin). */
  noteMarks: Map<string, NoteDrift>;
  /** The verdicts' history from the content folder's commits, or why there is none. */
  history: VerdictHistory;
  captureFiles: readonly CaptureBytes[];
}

/** The content as the site publishes it. */
export interface Prepared {
  content: Content;
  problems: Problem[];
  /** Each entry's `last-updated`, by absolute path. */
  lastUpdated: Map<string, string>;
  /** What pages and twins need beyond the frontmatter, per entry. */
  bodies: [CollectionName, string, Body][];
  /** Every search record: notes, clients, revisions and capabilities (built on first call). */
  records: () => readonly SearchRecord[];
  /** A note's `.md` twin, by id; undefined for an id that is not a valid note. */
  noteTwin: (id: string) => string | undefined;
  /** The ids of the notes that have a twin. */
  noteIds: () => string[];
  /** The verdicts' history from the content folder's commits, or why there is none. */
  history: VerdictHistory;
  /** The capture files, for the capture pages. */
  captureFiles: readonly CaptureBytes[];
}

/**
 * Every search record of the content: notes, clients, revisions and capabilities. Notes come in
 * /research's order, newest first: Pagefind lists a search without words in the order its records
 * were added, so /research's filters need no sort key of their own, and every first search is
 * spared one (a sort key is a permutation of every page in Pagefind's metadata: 10.5 KB at 5,000
 * notes, whichever order the pages are in).
 */
const searchRecords = (content: Content, texts: Map<string, string>, lastUpdated: Map<string, string>, today: string) => {
  const text = (entry: Entry<unknown>) => texts.get(entry.absolutePath) ?? '';
  const records: SearchRecord[] = [];
  const titles = new Map(content.research.map((note) => [note.id, note.data.title]));
  const corrections = correctedBy(content.research);
  const dated = content.research.map((note) => ({ ...note, lastUpdated: lastUpdated.get(note.absolutePath) ?? today }));
  for (const note of newestFirst(dated)) {
    const stale = isStale(note.data.lastVerified, today);
    const successor = note.data.supersededBy === undefined ? undefined : titles.get(note.data.supersededBy);
    const corrected = (corrections.get(note.id)?.length ?? 0) > 0;
    records.push(noteRecord({ id: note.id, data: note.data, stale, corrected }, text(note), successor));
  }
  for (const client of content.clients) records.push(clientRecord(client, text(client)));
  for (const revision of content.revisions) records.push(revisionRecord(revision, text(revision)));
  for (const capability of content.capabilities) records.push(capabilityRecord(capability, text(capability)));
  for (const feature of content.features) records.push(featureRecord(feature, text(feature)));
  return records;
};

/** The prepared content with its views: the search records and the note twins, each made when first asked for. */
export const assemblePrepared = (parts: PreparedParts): Prepared => {
  const { content, problems, lastUpdated, bodies, texts, noteMarks, history, captureFiles, origin, today } = parts;
  let records: readonly SearchRecord[] | undefined;
  const notes = new Map(content.research.map((note) => [note.id, note]));
  return {
    content,
    problems,
    lastUpdated,
    bodies,
    records: () => (records ??= searchRecords(content, texts, lastUpdated, today)),
    noteTwin: (id) => {
      const note = notes.get(id);
      if (note === undefined) return undefined;
      return noteTwin({
        id,
        data: note.data,
        frontmatterBlock: note.frontmatterBlock,
        body: note.body,
        canonical: canonicalNoteUrl(origin, id),
        lastUpdated: lastUpdated.get(note.absolutePath) ?? today,
        drift: noteMarks.get(id),
      });
    },
    noteIds: () => [...notes.keys()],
    history,
    captureFiles,
  };
};
