/**
 * The Atom feed of feature status changes (`/features/status.xml`): one entry each time a feature's
 * status over the core clients moved (say, from some core clients to every one), newest first,
 * linking the feature's page.
 */
import { statusLabel } from '../cells/feature-status.ts';
import type { StatusChange } from '../cells/status-changes.ts';
import { atomDocument } from './atom.ts';
import { absoluteUrl, featureUrl, routes } from '../routes/urls.ts';
import { escapeXml } from './xml.ts';

/** The feed's title: its `<title>`, and what the features pages announce it by. */
export const statusFeedTitle = 'canimcp: feature status changes';

/** The feed's document, from the status changes and each feature's title. */
export const statusFeed = (feed: {
  origin: string;
  changes: readonly StatusChange[];
  titles: ReadonlyMap<string, string>;
  buildDate: string;
  /** Why there are no changes to show, where the verdict history is not published. */
  unavailable?: string;
}): string => {
  const entries = feed.changes.map((change) => {
    const page = absoluteUrl(feed.origin, featureUrl(change.feature));
    const title = feed.titles.get(change.feature) ?? change.feature;
    return [
      '  <entry>',
      `    <title>${escapeXml(`${title}: ${statusLabel[change.from].toLowerCase()} → ${statusLabel[change.to].toLowerCase()}`)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(page)}"/>`,
      `    <id>${escapeXml(`${page}#status-${change.commit}`)}</id>`,
      `    <updated>${change.date}</updated>`,
      `    <summary>${escapeXml(`${change.feature} is now supported by ${statusLabel[change.to].toLowerCase()} (commit ${change.commit.slice(0, 7)}).`)}</summary>`,
      `    <category term="status:${change.to}"/>`,
      '  </entry>',
    ].join('\n');
  });
  return atomDocument(
    {
      origin: feed.origin,
      title: statusFeedTitle,
      subtitle:
        feed.unavailable ??
        "Each change of a feature's status over the core clients, from the repository's commits, newest first.",
      path: routes.featureStatusFeed.path,
      htmlPath: routes.features.path,
      updated: feed.changes[0]?.date ?? `${feed.buildDate}T00:00:00Z`,
    },
    entries,
  );
};
