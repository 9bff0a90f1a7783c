/** What the search page asks Pagefind for, and how it words what came back. Pure: no DOM, no Pagefind. */
import { segmentCjk } from '../lib/markdown/cjk.ts';
import { filterNames, type FilterName } from '../lib/search/filters.ts';
import type { SearchState } from '../lib/search/search.ts';
import type { SearchOptions } from './pagefind.ts';

const quoted = (text: string) => `“${text}”`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The words Pagefind searches for: `null` for a filter-only search. */
export const termOf = (state: SearchState): string | null => (state.q === '' ? null : segmentCjk(state.q).trim());

/** The search's filters for Pagefind, without `skip` (a filter's own counts come from the search without it). */
export const filtersOf = (state: SearchState, skip?: FilterName): Record<string, string> => {
  const filters: Record<string, string> = {};
  for (const name of filterNames) {
    const value = state.filters[name];
    if (value && name !== skip) filters[name] = value;
  }
  return filters;
};

/**
 * What Pagefind is asked for a search: its filters, and an order where relevance does not give one.
 * Without words there is no relevance: what the filters match comes most recently verified first.
 */
export const searchOptions = (state: SearchState): SearchOptions => {
  const filters = filtersOf(state);
  return state.sort === 'lastVerified' || state.q === '' ? { filters, sort: { lastVerified: 'desc' } } : { filters };
};

/** What the empty-results message names: the words, or the filters. */
export const emptyQuery = (state: SearchState): string => (state.q === '' ? 'these filters' : quoted(state.q));

/** The status line after a search: how many results, for which words, with how many filters. */
export const resultStatus = (state: SearchState, count: number): string => {
  const filterCount = Object.keys(state.filters).length;
  const what = state.q === '' ? '' : ` for ${quoted(state.q)}`;
  const narrowed = filterCount === 0 ? '' : ` with ${plural(filterCount, 'filter')}`;
  return count === 0 ? `No results${what}${narrowed}.` : `${plural(count, 'result')}${what}${narrowed}.`;
};
