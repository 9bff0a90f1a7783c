/**
 * Page drift: each page a documented verdict rests on, fetched and compared with what the last report
 * saw of it. A page is its text (tags, scripts, styles and spacing left out, so markup churn is not a
 * change); its SHA-256 is kept in the report for the next run. With no earlier look, a server that
 * dates the page after the day the note read it still counts as a change. A page that cannot be
 * fetched is `unreachable`, as a repository is; it never stops the others.
 */
import { createHash } from 'node:crypto';
import { mapLimited } from '../lib/tasks/map-limited.ts';
import type { PageDrift } from '../schema/drift.ts';
import type { KindSource } from './evidence-sources.ts';

/** How pages are fetched: the time limit of each. */
export interface PageOptions {
  timeoutMs: number;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** A page's text: what a reader sees of it, without tags, scripts, styles, comments or runs of spacing. */
export const pageText = (html: string): string =>
  html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
      return entities[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();

/** The SHA-256 a report keeps of a page's text. */
export const pageDigest = (html: string): string => createHash('sha256').update(pageText(html)).digest('hex');

/** A `Last-Modified` header as a day, where it is a date. */
const dayOf = (header: string | null): string | undefined => {
  if (header === null) return undefined;
  const time = Date.parse(header);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
};

/** What was fetched of a page: its digest and the day its server gives, or why it could not be read. */
export type Fetched = { sha256: string; lastModified?: string } | { unreachable: string };

/** Fetches one page, within the time limit; never throws. */
export const fetchPage = async (url: string, options: PageOptions): Promise<Fetched> => {
  try {
    const response = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(options.timeoutMs) });
    if (!response.ok) return { unreachable: `HTTP ${response.status}` };
    const lastModified = dayOf(response.headers.get('last-modified'));
    return { sha256: pageDigest(await response.text()), ...(lastModified === undefined ? {} : { lastModified }) };
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : undefined;
    if (error instanceof Error && error.name === 'TimeoutError')
      return { unreachable: `took longer than ${Math.round(options.timeoutMs / 1000)} s` };
    return { unreachable: cause ?? (error instanceof Error ? error.message : String(error)) };
  }
};

/**
 * What became of one page, from what was fetched and the last report's look at the same note's same
 * URL: pure, so the rule is tested without a network. The baseline is the first look after the day the
 * note read the page; a change stays a change (its cells stay in the queue) until the note is read
 * again and its source's date moves, which starts a new baseline.
 */
export const comparePage = (source: KindSource, fetched: Fetched, earlier: PageDrift | undefined): PageDrift => {
  const base = {
    note: source.note,
    url: source.source.url,
    date: source.source.date,
    cells: source.cells,
    at: source.at,
  };
  // A look made before the note's source was dated again speaks for an older reading: no baseline.
  const before = earlier?.date === source.source.date && earlier.sha256 !== undefined ? earlier : undefined;
  // The baseline is kept through a failed look, so the next look still has something to compare.
  if ('unreachable' in fetched)
    return {
      ...base,
      status: 'unreachable',
      ...(before === undefined ? {} : { sha256: before.sha256 }),
      detail: fetched.unreachable,
    };
  const lastModified = fetched.lastModified === undefined ? {} : { lastModified: fetched.lastModified };
  if (before?.sha256 !== undefined) {
    if (before.status === 'changed')
      return {
        ...base,
        status: 'changed',
        sha256: before.sha256,
        ...lastModified,
        ...(before.detail === undefined ? {} : { detail: before.detail }),
      };
    return before.sha256 === fetched.sha256
      ? { ...base, status: 'unchanged', sha256: fetched.sha256, ...lastModified }
      : {
          ...base,
          status: 'changed',
          sha256: before.sha256,
          ...lastModified,
          detail: `its text differs from the first check after the note read it on ${source.source.date}`,
        };
  }
  if (fetched.lastModified !== undefined && fetched.lastModified > source.source.date)
    return {
      ...base,
      status: 'changed',
      sha256: fetched.sha256,
      ...lastModified,
      detail: `its server dates it ${fetched.lastModified}, after the note read it on ${source.source.date}`,
    };
  return { ...base, status: 'recorded', sha256: fetched.sha256, ...lastModified };
};

/** How many pages are fetched at once. */
const PAGES_AT_ONCE = 4;

/** Fetches and compares every page, in the order given; each URL is fetched once however many notes cite it. */
export const checkPages = async (
  pages: readonly KindSource[],
  earlier: readonly PageDrift[],
  options: PageOptions,
): Promise<PageDrift[]> => {
  const urls = [...new Set(pages.map((page) => page.source.url))];
  const fetched = new Map(await mapLimited(urls, PAGES_AT_ONCE, async (url) => [url, await fetchPage(url, options)] as const));
  const before = new Map(earlier.map((page) => [`${page.note}\0${page.url}`, page]));
  return pages.map((page) =>
    comparePage(
      page,
      fetched.get(page.source.url) ?? { unreachable: 'not fetched' },
      before.get(`${page.note}\0${page.source.url}`),
    ),
  );
};
