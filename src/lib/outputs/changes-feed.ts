import { absoluteUrl, clientUrl } from '../routes/urls.ts';
import { formatChange, historyAnchor, type VerdictHistory } from '../matrix/verdict-history.ts';
import { atomDocument } from './atom.ts';
import { escapeXml } from './xml.ts';

/** The short form of a commit id that pages and feeds show. */
export const shortCommit = (commit: string): string => commit.slice(0, 7);

/** What a page or feed says where the history is not published. */
export const unavailableText = (reason: string): string => `Verdict history is unavailable: ${reason}.`;

/**
 * An Atom feed of verdict changes (`/changes.xml`, or one client's), newest first: one entry per
 * cell changed by a commit, linking the cell's history on the client's page. Where the history is
 * unavailable (a shallow clone), the feed has no entries and its subtitle says why.
 */
export const changesFeed = (feed: {
  origin: string;
  title: string;
  path: string;
  htmlPath: string;
  history: VerdictHistory;
  /** Only this client's changes; every client's when absent. */
  client?: string;
  /** The build's date, the feed's `updated` where no change dates it. */
  buildDate: string;
}): string => {
  const changes = feed.history.available
    ? feed.history.changes.filter((change) => feed.client === undefined || change.client === feed.client)
    : [];
  const updated = changes[0]?.date ?? `${feed.buildDate}T00:00:00Z`;
  const subtitle = feed.history.available
    ? "Every change of a verdict's state, version or evidence, from the repository's commits, newest first."
    : unavailableText(feed.history.reason);
  const entries = changes.map((change) => {
    const page = absoluteUrl(feed.origin, clientUrl(change.client));
    const anchor = historyAnchor(change.axis, change.column);
    return [
      '  <entry>',
      `    <title>${escapeXml(formatChange(change))}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(`${page}#${anchor}`)}"/>`,
      `    <id>${escapeXml(`${page}#${anchor}-${change.commit}`)}</id>`,
      `    <updated>${change.date}</updated>`,
      `    <summary>${escapeXml(`Commit ${shortCommit(change.commit)}, ${change.date.slice(0, 10)}: ${change.subject}`)}</summary>`,
      `    <category term="client:${escapeXml(change.client)}"/>`,
      `    <category term="${escapeXml(`${change.axis}:${change.column}`)}"/>`,
      '  </entry>',
    ].join('\n');
  });
  return atomDocument({ ...feed, subtitle, updated }, entries);
};
