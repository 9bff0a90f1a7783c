/**
 * /search: Pagefind's JS API behind a plain form. The URL holds the whole search
 * (`?q=discover&client=fast-agent&sort=lastVerified`), so a search can be linked, reloaded and
 * walked back and forward. Results are built from text nodes; Pagefind's excerpts are split on
 * `<mark>` and never parsed as HTML.
 */
import { joinCjk, segmentCjk } from '../lib/cjk.ts';
import { filterNames, type FilterName } from '../lib/filters.ts';
import { exactFirst, hasCriteria, readState, stateSearch, type SearchState } from '../lib/search.ts';
import { resultItem } from './search-result.ts';
import { loadPagefind, type Counts, type Pagefind, type Result, type ResultData, type SearchResponse } from './pagefind.ts';

/** Results shown at first, and added by each "Show more". */
const PAGE = 10;
/** How many top results are checked for an exact title or id match, which then comes first. */
const EXACT_WINDOW = 10;
const DEBOUNCE_MS = 150;
/** The shortest query whose index chunks are fetched while it is still being typed. */
const PRELOAD_FROM = 3;

const quoted = (text: string) => `“${text}”`;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export const startSearch = (): void => {
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const list = document.querySelector<HTMLOListElement>('[data-search-results]');
  const empty = document.querySelector<HTMLElement>('[data-search-empty]');
  const more = document.querySelector<HTMLButtonElement>('[data-search-more]');
  const clear = document.querySelector<HTMLButtonElement>('[data-search-clear]');
  const sortSelect = document.querySelector<HTMLSelectElement>('[data-search-sort]');
  if (!form || !input || !status || !list || !empty || !more || !clear || !sortSelect) return;
  const selects = new Map<FilterName, HTMLSelectElement>();
  for (const name of filterNames) {
    const select = form.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
    if (select) selects.set(name, select);
  }
  form.removeAttribute('data-pending');

  // The worker, WASM and metadata load now; a query's index chunks load while it is typed (preload).
  const pagefindReady = loadPagefind();
  // The filter index (every filter's page lists, a large share of the bytes on a big site) loads only
  // once a reader reaches for the filters or arrives with one set: until then the options show no counts.
  let countsReady: Promise<boolean> | undefined;
  let run = 0;
  let shown: Result[] = [];
  let rendered = 0;
  let typing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const showState = (state: SearchState) => {
    input.value = state.q;
    sortSelect.value = state.sort;
    for (const [name, select] of selects) {
      const value = state.filters[name] ?? '';
      if (value !== '' && ![...select.options].some((option) => option.value === value)) {
        // A value this build does not list (an old link): keep it visible rather than silently dropping it.
        const option = new Option(value, value);
        option.dataset['label'] = value;
        select.add(option);
      }
      select.value = value;
    }
    clear.hidden = Object.keys(state.filters).length === 0;
    document.title = state.q === '' ? 'Search · canimcp' : `${state.q} · Search · canimcp`;
  };

  const readControls = (): SearchState => {
    const params = new URLSearchParams();
    params.set('q', input.value);
    for (const [name, select] of selects) params.set(name, select.value);
    params.set('sort', sortSelect.value);
    return readState(params);
  };

  /** Shows each filter value's count; values that would empty the results are disabled. */
  const showCounts = (counts: Counts) => {
    for (const [name, select] of selects) {
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

  const renderMore = async (token: number, query: string, focusFirst: boolean) => {
    const batch = shown.slice(rendered, rendered + PAGE);
    const data = await Promise.all(batch.map((result) => result.data()));
    if (token !== run) return;
    const items = data.map((result) => resultItem(result, query));
    list.append(...items);
    rendered += batch.length;
    more.hidden = rendered >= shown.length;
    if (focusFirst) items[0]?.querySelector('a')?.focus();
  };

  /** The words Pagefind searches for: `null` for a filter-only search. */
  const termOf = (state: SearchState) => (state.q === '' ? null : segmentCjk(state.q).trim());
  const filtersOf = (state: SearchState, skip?: FilterName) => {
    const filters: Record<string, string> = {};
    for (const name of filterNames) {
      const value = state.filters[name];
      if (value && name !== skip) filters[name] = value;
    }
    return filters;
  };

  /**
   * Shows each filter value's count for a search (the totals without one). A filter's counts come
   * from the search without that filter, so they say what choosing another value would give.
   * Needs the filter index: nothing happens before it was asked for.
   */
  const showCountsFor = async (token: number, pagefind: Pagefind, state: SearchState, response?: SearchResponse) => {
    if (countsReady === undefined || !(await countsReady) || token !== run) return;
    if (!hasCriteria(state)) {
      const totals = await pagefind.filters();
      if (token === run) showCounts(totals);
      return;
    }
    const term = termOf(state);
    const first = response ?? (await pagefind.search(term, { filters: filtersOf(state) }));
    if (!first || token !== run) return;
    const counts: Counts = { ...first.filters };
    for (const name of filterNames) {
      if (!state.filters[name]) continue;
      const other = await pagefind.search(term, { filters: filtersOf(state, name) });
      if (!other || token !== run) return;
      counts[name] = other.filters[name] ?? {};
    }
    showCounts(counts);
  };

  /** Loads the filter index once, then shows the counts for what is on screen. */
  const loadCounts = async () => {
    if (countsReady !== undefined) return;
    countsReady = pagefindReady.then(
      (pagefind) => pagefind.filters().then(() => true),
      () => false,
    );
    const token = run;
    if (await countsReady) await showCountsFor(token, await pagefindReady, readState(new URLSearchParams(location.search)));
  };

  const search = async (state: SearchState) => {
    const token = ++run;
    showState(state);
    let pagefind: Pagefind;
    try {
      pagefind = await pagefindReady;
    } catch {
      status.textContent = import.meta.env.DEV
        ? 'The search index is missing: the dev server searches the last build, so run “npm run build” once, then reload.'
        : 'Search is unavailable: the search index could not be loaded.';
      return;
    }
    if (token !== run) return;
    if (!hasCriteria(state)) {
      list.replaceChildren();
      empty.hidden = true;
      more.hidden = true;
      status.textContent = '';
      await showCountsFor(token, pagefind, state);
      return;
    }
    // A search with a filter set needs the filter index anyway; its counts come with it.
    if (Object.keys(state.filters).length > 0) void loadCounts().catch(() => undefined);
    const term = termOf(state);
    // Without words there is no relevance: list what the filters match, most recently verified first.
    const sort = state.sort === 'lastVerified' || term === null ? { sort: { lastVerified: 'desc' as const } } : {};
    const response = await pagefind.search(term, { filters: filtersOf(state), ...sort });
    if (!response || token !== run) return;
    void showCountsFor(token, pagefind, state, response).catch(() => undefined);

    let results = response.results;
    if (state.sort === 'relevance' && term !== null) {
      const head = results.slice(0, EXACT_WINDOW);
      const data = await Promise.all(head.map((result) => result.data()));
      if (token !== run) return;
      const byResult = new Map(head.map((result, i) => [result, data[i] as ResultData]));
      const describe = (result: Result) => {
        const meta = byResult.get(result);
        return { title: joinCjk(meta?.meta['title'] ?? ''), url: meta?.url ?? '', id: meta?.meta['id'] };
      };
      results = [...exactFirst(state.q, head, describe), ...results.slice(EXACT_WINDOW)];
    }
    shown = results;
    rendered = 0;
    list.replaceChildren();
    empty.hidden = results.length > 0;
    const query = empty.querySelector<HTMLElement>('[data-search-query]');
    if (query) query.textContent = state.q === '' ? 'these filters' : quoted(state.q);
    await renderMore(token, state.q, false);
    if (token !== run) return;
    const filterCount = Object.keys(state.filters).length;
    const what = state.q === '' ? '' : ` for ${quoted(state.q)}`;
    const narrowed = filterCount === 0 ? '' : ` with ${plural(filterCount, 'filter')}`;
    status.textContent =
      results.length === 0 ? `No results${what}${narrowed}.` : `${plural(results.length, 'result')}${what}${narrowed}.`;
  };

  /** Applies the controls: a new history entry, or (while typing) an update of the current one. */
  const commit = (mode: 'push' | 'replace') => {
    clearTimeout(timer);
    const state = readControls();
    const url = `${location.pathname}${stateSearch(state)}`;
    if (url !== `${location.pathname}${location.search}`) history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
    void search(state);
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    // The query's index chunks start loading at once; the search itself waits for a pause in typing.
    // Not for one or two letters: a short prefix matches words across many chunks.
    const term = termOf(readControls());
    if (term !== null && term.length >= PRELOAD_FROM) {
      void pagefindReady.then((pagefind) => pagefind.preload(term)).catch(() => undefined);
    }
    timer = setTimeout(() => {
      // The first keystrokes of a query make a history entry; the rest of the word updates it.
      commit(typing ? 'replace' : 'push');
      typing = true;
    }, DEBOUNCE_MS);
  });
  input.addEventListener('blur', () => {
    typing = false;
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && list.querySelector('a')) {
      event.preventDefault();
      list.querySelector('a')?.focus();
    }
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    commit(typing ? 'replace' : 'push');
    typing = false;
  });
  // Counts load when a reader reaches for the filters: hovering, touching or tabbing to them.
  const filterControls = form.querySelector<HTMLElement>('.filters') ?? form;
  for (const type of ['pointerover', 'focusin', 'touchstart'] as const) {
    filterControls.addEventListener(type, () => void loadCounts().catch(() => undefined), { once: true, passive: true });
  }
  form.addEventListener('change', (event) => {
    if (event.target === input) return;
    typing = false;
    commit('push');
  });
  clear.addEventListener('click', () => {
    for (const select of selects.values()) select.value = '';
    typing = false;
    commit('push');
    input.focus();
  });
  more.addEventListener('click', () => {
    void renderMore(run, readState(new URLSearchParams(location.search)).q, true);
  });
  addEventListener('popstate', () => {
    typing = false;
    clearTimeout(timer);
    void search(readState(new URLSearchParams(location.search)));
  });

  void search(readState(new URLSearchParams(location.search)));
};
