/**
 * The only module that calls getCollection(): it turns the content collections into plain objects
 * with everything pages need (derived fields, backlinks, groupings), once per build.
 *
 * What it hands out is what the site key covers (src/node/page-keys.ts): every note as a
 * `NoteSummary` (its frontmatter, `last-updated` and what follows from them, the origin and the
 * date), and every client, revision and capability whole (their files are in the key). A note's
 * body, digest and drift marks are in no list: only a note's own page has them (`NoteView`, from
 * `notePaths`, keyed by that note's digest too), so a page that lists notes and reads a body does
 * not compile.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Capability, Client, Feature, Note, Revision } from '../schema/index.ts';
import { bodyOf } from 'canimcp/build-context';
import type { CellDrift, NoteDrift } from '../lib/outputs/drift-marks.ts';
import { correctedBy, notesBy, newestFirst, relatedBothWays } from '../lib/outputs/indexes.ts';
import { isStale } from '../lib/content/stale.ts';
import type { NoteListItem } from '../lib/outputs/twin.ts';
import { canonicalNoteUrl } from '../lib/routes/urls.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';

/** What every entry page and twin shares. */
interface Base<T> {
  id: string;
  data: T;
  html: string;
  frontmatterBlock: string;
  body: string;
  lastUpdated: string;
  /** Changes whenever the entry's file, its `last-updated`, the site origin or its drift marks do. */
  digest: string;
  /** A note's sources that changed upstream, by the drift report; absent without one. */
  drift?: NoteDrift;
  /** A client's verdicts checked before the newest release, by `cellKey`; absent without a report. */
  cells?: Record<string, CellDrift>;
}

/** A note as any page may show it: its frontmatter and what follows from it, the site key's parts. */
export interface NoteSummary {
  id: string;
  data: Note;
  lastUpdated: string;
  canonical: string;
  stale: boolean;
  /** The ids of the notes that correct this one in part. */
  correctedBy: string[];
}

/** A note with its body, ready for its own page (`notePaths`): its key covers its digest. */
export interface NoteView extends NoteSummary, Base<Note> {
  /** The source file's path from the project root; absent when it lies outside the project. */
  source?: string;
}

/** A client, revision or capability, with the notes that name it. */
export interface EntityView<T> extends Base<T> {
  notes: NoteSummary[];
}

/** The whole site as plain data. */
export interface SiteData {
  notes: NoteSummary[];
  clients: EntityView<Client>[];
  revisions: EntityView<Revision>[];
  capabilities: EntityView<Capability>[];
  /** Every feature, by id; its notes are those that list it in `features`. */
  features: EntityView<Feature>[];
  related: Map<string, NoteSummary[]>;
  noteById: Map<string, NoteSummary>;
  clientById: Map<string, EntityView<Client>>;
  revisionById: Map<string, EntityView<Revision>>;
  capabilityById: Map<string, EntityView<Capability>>;
  featureById: Map<string, EntityView<Feature>>;
  problems: string[];
}

type Named = 'research' | 'clients' | 'revisions' | 'capabilities' | 'features';

const base = <T>(entry: CollectionEntry<Named>): Base<T> => {
  // Bodies live beside the data store, not in it (see lib/outputs/bodies.ts).
  const body = bodyOf(entry.collection, entry.id);
  return {
    id: entry.id,
    data: entry.data as T,
    html: body?.html ?? '',
    frontmatterBlock: body?.frontmatterBlock ?? '',
    body: body?.body ?? '',
    lastUpdated: body?.lastUpdated ?? buildDate(),
    digest: body?.digest ?? '',
    ...(body?.drift === undefined ? {} : { drift: body.drift }),
    ...(body?.cells === undefined ? {} : { cells: body.cells }),
  };
};

let cached: Promise<SiteData> | undefined;

const readCollections = () =>
  Promise.all([
    getCollection('research'),
    getCollection('clients'),
    getCollection('revisions'),
    getCollection('capabilities'),
    getCollection('features'),
    getCollection('problems'),
  ]);
type Collections = Awaited<ReturnType<typeof readCollections>>;

/**
 * What the site data is made from: every entry's digest (its file, `last-updated` and the origin;
 * the bodies are published beside the store before the store changes) and the date.
 */
const sourcesOf = (collections: Collections): string =>
  [
    buildDate(),
    ...collections.flatMap((list) => list.map((entry) => `${entry.collection}/${entry.id}\0${entry.digest ?? ''}`)),
  ].join('\n');

/** A note's page: its summary and its own body, source and drift marks, which its key (its digest) covers. */
export const noteView = (note: NoteSummary): NoteView => {
  const body = bodyOf('research', note.id);
  const view: NoteView = {
    ...note,
    html: body?.html ?? '',
    frontmatterBlock: body?.frontmatterBlock ?? '',
    body: body?.body ?? '',
    digest: body?.digest ?? '',
    ...(body?.drift === undefined ? {} : { drift: body.drift }),
  };
  return body?.source === undefined ? view : { ...view, source: body.source };
};

const assemble = ([research, clients, revisions, capabilities, features, problems]: Collections): SiteData => {
  const origin = siteOrigin();
  const today = buildDate();
  const problemList = problems.flatMap((entry) => entry.data.problems);
  // Only what the site key holds of a note: its id, frontmatter and `last-updated`.
  const parts = research.map((entry) => ({
    id: entry.id,
    data: entry.data,
    lastUpdated: bodyOf('research', entry.id)?.lastUpdated ?? today,
  }));
  // By id, so each note's list of correcting notes comes out in a stable order.
  const corrections = correctedBy([...parts].sort((a, b) => a.id.localeCompare(b.id)));
  const notes = newestFirst(
    parts.map((note): NoteSummary => ({
      ...note,
      canonical: canonicalNoteUrl(origin, note.id),
      stale: isStale(note.data.lastVerified, today),
      correctedBy: corrections.get(note.id) ?? [],
    })),
  );
  const byClient = notesBy(notes, 'clients');
  const byRevision = notesBy(notes, 'specVersions');
  const byCapability = notesBy(notes, 'capabilities');
  const byFeature = notesBy(notes, 'features');
  const entity = <T>(entry: CollectionEntry<Named>, groups: Map<string, NoteSummary[]>): EntityView<T> => ({
    ...base<T>(entry),
    notes: groups.get(entry.id) ?? [],
  });
  const clientViews = clients
    .map((entry) => entity<Client>(entry, byClient))
    .sort((a, b) => a.data.name.localeCompare(b.data.name));
  const revisionViews = revisions.map((entry) => entity<Revision>(entry, byRevision)).sort((a, b) => b.id.localeCompare(a.id));
  const capabilityViews = capabilities
    .map((entry) => entity<Capability>(entry, byCapability))
    .sort((a, b) => a.data.title.localeCompare(b.data.title));
  const featureViews = features.map((entry) => entity<Feature>(entry, byFeature)).sort((a, b) => a.id.localeCompare(b.id));
  return {
    notes,
    clients: clientViews,
    revisions: revisionViews,
    capabilities: capabilityViews,
    features: featureViews,
    related: relatedBothWays(notes),
    noteById: new Map(notes.map((note) => [note.id, note])),
    clientById: new Map(clientViews.map((view) => [view.id, view])),
    revisionById: new Map(revisionViews.map((view) => [view.id, view])),
    capabilityById: new Map(capabilityViews.map((view) => [view.id, view])),
    featureById: new Map(featureViews.map((view) => [view.id, view])),
    problems: problemList,
  };
};

/** In dev, the last site data and what it was made from. */
let lastInDev: { sources: string; data: SiteData } | undefined;

/** The site's data, loaded once per build (per change in dev). */
export const siteData = async (): Promise<SiteData> => {
  // In a build the collections are fixed, so load them once.
  if (!import.meta.env.DEV) return (cached ??= readCollections().then(assemble));
  // In dev they change under us, but every page asks: made again only when an entry changed
  // (at 5,000 notes, a fifth of a second of each page's time).
  const collections = await readCollections();
  const sources = sourcesOf(collections);
  if (lastInDev?.sources === sources) return lastInDev.data;
  const data = assemble(collections);
  lastInDev = { sources, data };
  return data;
};

/** Notes as Markdown lists (twins, llms.txt) show them: a corrected one with the notes that correct it, by title. */
export const listedNotes = (site: SiteData, notes: readonly NoteSummary[]): NoteListItem[] =>
  notes.map((note) => ({
    id: note.id,
    data: note.data,
    correctedBy: note.correctedBy.map((id) => ({ id, title: site.noteById.get(id)?.data.title ?? id })),
  }));
