import { absoluteUrl } from '../routes/urls.ts';
import { escapeXml } from './xml.ts';

/** What heads an Atom feed of the site's: the notes feed and the verdict-change feeds. */
export interface AtomHead {
  origin: string;
  title: string;
  subtitle?: string;
  /** The feed's own path, its `self` link and its id. */
  path: string;
  /** The page the feed follows. */
  htmlPath: string;
  /** An RFC 3339 timestamp. */
  updated: string;
}

/** An Atom document: the head, then the entries as written, each already indented by two spaces. */
export const atomDocument = (head: AtomHead, entries: readonly string[]): string => {
  const self = absoluteUrl(head.origin, head.path);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${escapeXml(head.title)}</title>`,
    ...(head.subtitle === undefined ? [] : [`  <subtitle>${escapeXml(head.subtitle)}</subtitle>`]),
    `  <link rel="self" href="${escapeXml(self)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(absoluteUrl(head.origin, head.htmlPath))}"/>`,
    `  <id>${escapeXml(self)}</id>`,
    `  <updated>${head.updated}</updated>`,
    '  <author><name>canimcp</name></author>',
    ...entries,
    '</feed>',
    '',
  ].join('\n');
};
