import type { Note } from '../../schema/index.ts';
import { plainText } from '../markdown/inline.ts';
import { absoluteUrl, noteUrl } from '../routes/urls.ts';
import { atomDocument } from './atom.ts';
import { escapeXml } from './xml.ts';

/** A note as a feed needs it. */
export interface FeedNote {
  id: string;
  data: Pick<Note, 'title' | 'summary' | 'kind' | 'clients'>;
  lastUpdated: string;
}

/** An Atom feed of notes, newest `last-updated` first, as the caller orders them. */
export const atomFeed = (feed: {
  origin: string;
  title: string;
  path: string;
  htmlPath: string;
  notes: readonly FeedNote[];
}): string => {
  const updated = feed.notes.reduce((latest, note) => (note.lastUpdated > latest ? note.lastUpdated : latest), '1970-01-01');
  const entries = feed.notes.map((note) => {
    const url = absoluteUrl(feed.origin, noteUrl(note.id));
    return [
      '  <entry>',
      `    <title>${escapeXml(plainText(note.data.title))}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <link rel="alternate" type="text/markdown" href="${escapeXml(absoluteUrl(feed.origin, noteUrl(note.id, 'twin')))}"/>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <updated>${note.lastUpdated}T00:00:00Z</updated>`,
      `    <summary>${escapeXml(plainText(note.data.summary))}</summary>`,
      `    <category term="${escapeXml(note.data.kind)}"/>`,
      ...note.data.clients.map((client) => `    <category term="client:${escapeXml(client)}"/>`),
      '  </entry>',
    ].join('\n');
  });
  return atomDocument({ ...feed, updated: `${updated}T00:00:00Z` }, entries);
};
