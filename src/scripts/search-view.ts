/**
 * The /search page's controls and result list: finding them, showing a search's state in them,
 * reading a search back out of them, and showing filter counts. No searching happens here.
 */
import { filterNames, type FilterName } from '../lib/search/filters.ts';
import { readState, type SearchState } from '../lib/search/search.ts';
import type { Counts } from './pagefind.ts';

/** The elements of the search page that the script drives. */
export interface SearchView {
  form: HTMLFormElement;
  input: HTMLInputElement;
  status: HTMLElement;
  list: HTMLOListElement;
  empty: HTMLElement;
  more: HTMLButtonElement;
  clear: HTMLButtonElement;
  sortSelect: HTMLSelectElement;
  selects: Map<FilterName, HTMLSelectElement>;
}

/** The page's search elements, or undefined where one is missing (then the page keeps its no-script text). */
export const findSearchView = (): SearchView | undefined => {
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const list = document.querySelector<HTMLOListElement>('[data-search-results]');
  const empty = document.querySelector<HTMLElement>('[data-search-empty]');
  const more = document.querySelector<HTMLButtonElement>('[data-search-more]');
  const clear = document.querySelector<HTMLButtonElement>('[data-search-clear]');
  const sortSelect = document.querySelector<HTMLSelectElement>('[data-search-sort]');
  if (!form || !input || !status || !list || !empty || !more || !clear || !sortSelect) return undefined;
  const selects = new Map<FilterName, HTMLSelectElement>();
  for (const name of filterNames) {
    const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
    if (select) selects.set(name, select);
  }
  return { form, input, status, list, empty, more, clear, sortSelect, selects };
};

/**
 * Puts a search's words, filters and order into the controls: for a search read from the URL (on
 * load, back and forward). A search the controls started never comes back into them: the URL's
 * words are trimmed, and writing them into the box while the reader types would eat the space
 * before the next word.
 */
export const fillControls = (view: SearchView, state: SearchState): void => {
  view.input.value = state.q;
  view.sortSelect.value = state.sort;
  for (const [name, select] of view.selects) {
    const value = state.filters[name] ?? '';
    if (value !== '' && ![...select.options].some((option) => option.value === value)) {
      // A value this build does not list (an old link): keep it visible rather than silently dropping it.
      const option = new Option(value, value);
      option.dataset['label'] = value;
      select.add(option);
    }
    select.value = value;
  }
};

/** What the page shows of a search around the controls: the clear button, and the words in the title. */
export const showSearched = (view: SearchView, state: SearchState): void => {
  view.clear.hidden = Object.keys(state.filters).length === 0;
  document.title = state.q === '' ? 'Search · canimcp' : `${state.q} · Search · canimcp`;
};

/** The search the controls say, read the way a URL is read. */
export const readControls = (view: SearchView): SearchState => {
  const params = new URLSearchParams();
  params.set('q', view.input.value);
  for (const [name, select] of view.selects) params.set(name, select.value);
  params.set('sort', view.sortSelect.value);
  return readState(params);
};

/** Shows each filter value's count; values that would empty the results are disabled. */
export const showCounts = (view: SearchView, counts: Counts): void => {
  for (const [name, select] of view.selects) {
    for (const option of select.options) {
      if (option.value === '') continue;
      const label = option.dataset['label'] ?? option.text;
      option.dataset['label'] = label;
      const count = counts[name]?.[option.value] ?? 0;
      option.text = `${label} (${count})`;
      option.disabled = count === 0 && !option.selected;
    }
  }
};

/** Empties the results, for a search with no words and no filters. */
export const clearResults = (view: SearchView): void => {
  view.list.replaceChildren();
  view.empty.hidden = true;
  view.more.hidden = true;
  view.status.textContent = '';
};
