/**
 * What the search index holds, built from the validated content and each body's text (never from
 * built pages): one record per note, client, revision and capability, with the site's URL, the
 * words to search, the meta a result shows, and (for notes) the filters, as ids, and a sort key.
 * Chinese and Japanese words are split by spaces in the indexed text (see cjk.ts).
 */
import { segmentCjk } from '../markdown/cjk.ts';
import { filterValues } from './filters.ts';
import type { Capability, Client, Feature, Note, Revision } from '../../schema/index.ts';
import { capabilityUrl, clientUrl, featureUrl, noteUrl, revisionUrl } from '../routes/urls.ts';

/** A record as Pagefind's `addCustomRecord` takes it. */
export interface SearchRecord {
  url: string;
  content: string;
  language: string;
  meta: Record<string, string>;
  filters?: Record<string, string[]>;
  sort?: Record<string, string>;
}

/** The site is written in English; CJK text inside it is segmented instead. */
const LANGUAGE = 'en';

const words = (...parts: (string | undefined)[]): string =>
  segmentCjk(parts.filter((part): part is string => part !== undefined && part !== '').join('\n'));

/** The banner a superseded or retracted note's page shows above its title, as text. */
const bannerText = (data: Note, successorTitle: string | undefined): string | undefined => {
  if (data.status === 'superseded') {
    const read = successorTitle === undefined ? '' : ` Read ${successorTitle} instead.`;
    return `Superseded. This note no longer reflects current behaviour.${read}`;
  }
  if (data.status === 'retracted') return 'Retracted. The claim in this note did not hold up.';
  return undefined;
};

/**
 * A note: found by its banner, title, summary and body, and by its id; filtered by kind, client,
 * revision, capability and status; sorted by when it was last verified. (Newest first by
 * `last-updated` is the order the records are given in: see `searchRecords` in prepare.ts.)
 */
export const noteRecord = (
  note: { id: string; data: Note; stale: boolean; corrected?: boolean },
  bodyText: string,
  successorTitle?: string,
): SearchRecord => {
  const { data } = note;
  return {
    url: noteUrl(note.id),
    content: words(bannerText(data, successorTitle), data.title, data.summary, bodyText),
    language: LANGUAGE,
    meta: {
      title: segmentCjk(data.title),
      summary: segmentCjk(data.summary),
      id: note.id,
      type: 'note',
      kind: data.kind,
      status: data.status,
      lastVerified: data.lastVerified,
      clients: data.clients.join(' '),
      ...(note.stale ? { stale: 'true' } : {}),
      ...(note.corrected === true ? { corrected: 'corrected in part' } : {}),
    },
    filters: filterValues(data),
    sort: { lastVerified: data.lastVerified },
  };
};

/** A client: found by its name, facts and description. */
export const clientRecord = (client: { id: string; data: Client }, bodyText: string): SearchRecord => ({
  url: clientUrl(client.id),
  content: words(client.data.name, client.data.clientInfoName, client.data.sdk, bodyText),
  language: LANGUAGE,
  meta: { title: segmentCjk(client.data.name), id: client.id, type: 'client' },
});

/** A revision: found by its id and summary of changes. */
export const revisionRecord = (revision: { id: string; data: Revision }, bodyText: string): SearchRecord => ({
  url: revisionUrl(revision.id),
  content: words(`MCP revision ${revision.id}`, `${revision.data.era} era, ${revision.data.status}`, bodyText),
  language: LANGUAGE,
  meta: { title: `MCP revision ${revision.id}`, id: revision.id, type: 'revision' },
});

/** A capability: found by its title, description and body. */
export const capabilityRecord = (capability: { id: string; data: Capability }, bodyText: string): SearchRecord => ({
  url: capabilityUrl(capability.id),
  content: words(capability.data.title, capability.data.description, bodyText),
  language: LANGUAGE,
  meta: {
    title: segmentCjk(capability.data.title),
    summary: segmentCjk(capability.data.description),
    id: capability.id,
    type: 'capability',
  },
});

/** A feature: found by its id, title, question and body. */
export const featureRecord = (feature: { id: string; data: Feature }, bodyText: string): SearchRecord => ({
  url: featureUrl(feature.id),
  content: words(feature.data.title, feature.id, feature.data.description, bodyText),
  language: LANGUAGE,
  meta: {
    title: segmentCjk(feature.data.title),
    summary: segmentCjk(feature.data.description),
    id: feature.id,
    type: 'feature',
  },
});
