/**
 * One search result, drawn from Pagefind's data with text nodes only: the excerpt is split on
 * `<mark>` and never parsed as HTML, so note content cannot become markup here.
 */
import { joinCjk } from '../lib/markdown/cjk.ts';
import { excerptParts } from '../lib/search/search.ts';
import { appendInline, badge, element } from './dom.ts';
import type { ResultData } from './pagefind.ts';

/** A result's list item: title link, badges, last-verified date, and the excerpt or summary. */
export const resultItem = (data: ResultData, query: string): HTMLLIElement => {
  const item = element('li', 'result');
  const heading = element('h2', 'result-title');
  const link = element('a');
  link.href = data.url;
  appendInline(link, data.meta['title'] ?? data.url);
  heading.append(link);
  const facts = element('p', 'facts');
  const kind = data.meta['kind'];
  const type = data.meta['type'];
  if (kind) facts.append(badge('kind', kind));
  else if (type) facts.append(element('span', 'badge type', type));
  const noteStatus = data.meta['status'];
  if (noteStatus) facts.append(' ', badge('status', noteStatus));
  const corrected = data.meta['corrected'];
  if (corrected) facts.append(' ', badge('corrected', 'corrected', corrected));
  const verified = data.meta['lastVerified'];
  if (verified) {
    const time = element('time', undefined, verified);
    time.dateTime = verified;
    facts.append(' ', element('span', 'verified', 'Last verified '), time);
  }
  item.append(heading, facts);
  const parts = excerptParts(joinCjk(data.excerpt));
  const summary = data.meta['summary'];
  const text = element('p', 'excerpt');
  if (query !== '' && parts.some((part) => part.marked)) {
    for (const part of parts) text.append(part.marked ? element('mark', undefined, part.text) : part.text);
  } else if (summary) {
    appendInline(text, summary);
  } else {
    text.textContent = parts.map((part) => part.text).join('');
  }
  item.append(text);
  return item;
};
