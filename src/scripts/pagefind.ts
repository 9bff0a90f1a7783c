/**
 * A typed client for Pagefind's browser API, shared by /search and /research's filters. The bundle
 * exists only after a build, so it is imported from a URL computed at run time: the page says where
 * (`data-pagefind`, from the table of outputs), so these scripts bundle nothing of the table.
 */

/** What a result's fragment holds: its URL, an excerpt with `<mark>`s, and the record's meta. */
export interface ResultData {
  url: string;
  excerpt: string;
  meta: Record<string, string | undefined>;
}

/** One result; its data is fetched on demand. */
export interface Result {
  id: string;
  data: () => Promise<ResultData>;
}

/** Per filter, per value (an id): how many results have it. */
export type Counts = Record<string, Record<string, number>>;

export interface SearchResponse {
  results: Result[];
  filters: Counts;
}

export interface SearchOptions {
  filters?: Record<string, string>;
  sort?: Record<string, 'asc' | 'desc'>;
}

export interface Pagefind {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  /** `null` as the term: every record that matches the filters (a filter-only search). */
  search: (term: string | null, options: SearchOptions) => Promise<SearchResponse | null>;
  filters: () => Promise<Counts>;
  /** Loads the index chunks a term needs, ahead of its search. */
  preload: (term: string, options?: SearchOptions) => Promise<void>;
}

/** Where the page says Pagefind's bundle is (`data-pagefind` on `element`, the search or filter form); without it, loading fails as an unreachable bundle does. */
export const bundleOf = (element: HTMLElement): string => element.dataset['pagefind'] ?? '';

/** Imports and starts Pagefind from the bundle at `bundle` with the site's ranking; `excerptLength` in words. */
export const loadPagefind = async (bundle: string, excerptLength = 28): Promise<Pagefind> => {
  // A URL computed at run time, so Vite leaves the import alone: the bundle only exists after a build.
  const url = `${bundle}/pagefind.js`;
  const pagefind = (await import(/* @vite-ignore */ url)) as Pagefind;
  await pagefind.options({
    excerptLength,
    // Title matches count most, summaries next, then the body.
    ranking: { metaWeights: { title: 5, summary: 2 } },
  });
  await pagefind.init();
  return pagefind;
};
