/**
 * /search: Pagefind's JS API behind a plain form. The URL holds the whole search
 * (`?q=discover&client=fast-agent&sort=lastVerified`), so a search can be linked, reloaded and
 * walked back and forward. Results are built from text nodes; Pagefind's excerpts are split on
 * `<mark>` and never parsed as HTML. The parts: the page's controls (search-view.ts), what is
 * asked and how it is worded (search-query.ts), one result as drawn (search-result.ts), and below:
 * the filter counts, the result pages, the search itself, and the controls' events.
 */
import { joinCjk } from '../lib/markdown/cjk.ts';
import { filterNames } from '../lib/search/filters.ts';
import { exactFirst, hasCriteria, readState, stateSearch, type SearchState } from '../lib/search/search.ts';
import { resultItem } from './search-result.ts';
import { emptyQuery, filtersOf, resultStatus, searchOptions, termOf } from './search-query.ts';
import { typingPause } from './typing-pause.ts';
import {
  clearResults,
  fillControls,
  findSearchView,
  readControls,
  showCounts,
  showSearched,
  type SearchView,
} from './search-view.ts';
import {
  bundleOf,
  loadPagefind,
  type Counts,
  type Pagefind,
  type Result,
  type ResultData,
  type SearchResponse,
} from './pagefind.ts';

/** Results shown at first, and added by each "Show more". */
const PAGE = 10;
/** How many top results are checked for an exact title or id match, which then comes first. */
const EXACT_WINDOW = 10;
/**
 * The shortest query that runs ahead (and so fetches its index chunks) while it is still being typed. Pagefind loads
 * the chunk whose word range holds the letters typed so far; for a shorter prefix that is mostly
 * not the chunk the finished word needs (at 1,000 bench notes: one letter's chunk holds the word's
 * for 12 % of words, two letters' for 43 %, three letters' for 78 %), so earlier it costs bytes.
 */
const PRELOAD_FROM = 3;

/** Whether a search is still the latest: an older one stops before it shows anything. */
type Current = (token: number) => boolean;

const urlState = () => readState(new URLSearchParams(location.search));

/**
 * The filter counts. The filter index (every filter's page lists, a large share of the bytes on a
 * big site) loads only once a reader reaches for the filters or arrives with one set: until then
 * the options show no counts.
 */
const filterCounts = (view: SearchView, pagefindReady: Promise<Pagefind>, current: Current, latest: () => number) => {
  let ready: Promise<boolean> | undefined;

  /**
   * Shows each filter value's count for a search (the totals without one). A filter's counts come
   * from the search without that filter, so they say what choosing another value would give.
   * Needs the filter index: nothing happens before it was asked for.
   */
  const showFor = async (token: number, pagefind: Pagefind, state: SearchState, response?: SearchResponse) => {
    if (ready === undefined || !(await ready) || !current(token)) return;
    if (!hasCriteria(state)) {
      const totals = await pagefind.filters();
      if (current(token)) showCounts(view, totals);
      return;
    }
    const term = termOf(state);
    const first = response ?? (await pagefind.search(term, { filters: filtersOf(state) }));
    if (!first || !current(token)) return;
    const counts: Counts = { ...first.filters };
    for (const name of filterNames) {
      if (!state.filters[name]) continue;
      const other = await pagefind.search(term, { filters: filtersOf(state, name) });
      if (!other || !current(token)) return;
      counts[name] = other.filters[name] ?? {};
    }
    showCounts(view, counts);
  };

  /** Loads the filter index once, then shows the counts for what is on screen. */
  const load = async () => {
    if (ready !== undefined) return;
    ready = pagefindReady.then(
      (pagefind) => pagefind.filters().then(() => true),
      () => false,
    );
    const token = latest();
    if (await ready) await showFor(token, await pagefindReady, urlState());
  };

  return { showFor, load };
};

/** The result list, a page of results at a time. */
const resultPages = (view: SearchView, current: Current) => {
  let shown: Result[] = [];
  let known = new Map<Result, ResultData>();
  let rendered = 0;
  const more = async (token: number, query: string, focusFirst: boolean) => {
    const batch = shown.slice(rendered, rendered + PAGE);
    const data = await Promise.all(
      batch.map((result) => {
        const fetched = known.get(result);
        return fetched ? Promise.resolve(fetched) : result.data();
      }),
    );
    if (!current(token)) return;
    const items = data.map((result) => resultItem(result, query));
    view.list.append(...items);
    rendered += batch.length;
    view.more.hidden = rendered >= shown.length;
    if (focusFirst) items[0]?.querySelector('a')?.focus();
  };
  /** New results; `data` holds those already fetched (each fetch is a round trip to Pagefind's worker). */
  const reset = (results: Result[], data: Map<Result, ResultData>) => {
    shown = results;
    known = data;
    rendered = 0;
    view.list.replaceChildren();
  };
  return { more, reset };
};

/**
 * With words and relevance order, a result whose title or id is exactly the words comes first.
 * Returns the data it fetched to tell, for the first page to draw without fetching it again.
 */
const exactMatchesFirst = async (results: Result[], q: string): Promise<{ results: Result[]; data: Map<Result, ResultData> }> => {
  const head = results.slice(0, EXACT_WINDOW);
  const data = await Promise.all(head.map((result) => result.data()));
  const byResult = new Map(head.map((result, i) => [result, data[i] as ResultData]));
  const describe = (result: Result) => {
    const meta = byResult.get(result);
    return { title: joinCjk(meta?.meta['title'] ?? ''), url: meta?.url ?? '', id: meta?.meta['id'] };
  };
  return { results: [...exactFirst(q, head, describe), ...results.slice(EXACT_WINDOW)], data: byResult };
};

/**
 * While the reader types, each query with three letters or more runs in Pagefind's worker: that
 * loads its index chunks, and once they are in it takes a few milliseconds and no bytes. Where a
 * query's first page of results is the one the query before it had, the next keys are unlikely
 * to change it, so the page's fragments (a result's title and text, a request each) are fetched
 * before the reader pauses: the search at the pause then finds them in the worker's cache instead
 * of waiting for them. A first page that still changes costs its fragments in bytes, never time.
 */
const lookahead = (pagefindReady: Promise<Pagefind>) => {
  let previous: { term: string; page: string } | undefined;
  let fetched = '';
  return async (state: SearchState): Promise<void> => {
    const term = termOf(state);
    if (term === null) return;
    const pagefind = await pagefindReady;
    const response = await pagefind.search(term, searchOptions(state));
    if (!response) return;
    const first = response.results.slice(0, Math.max(PAGE, EXACT_WINDOW));
    const page = first.map((result) => result.id).join(' ');
    const held = previous !== undefined && previous.term !== term && previous.page === page;
    previous = { term, page };
    if (!held || page === '' || page === fetched) return;
    fetched = page;
    await Promise.all(first.map((result) => result.data()));
  };
};

export const startSearch = (): void => {
  const view = findSearchView();
  if (!view) return;
  view.form.removeAttribute('data-pending');

  // The worker, WASM and metadata load now, before the reader reaches the box; a query's index
  // chunks and, once its results settle, their fragments load while it is typed (lookahead).
  const pagefindReady = loadPagefind(bundleOf(view.form));
  const ahead = lookahead(pagefindReady);
  let run = 0;
  const current: Current = (token) => token === run;
  const counts = filterCounts(view, pagefindReady, current, () => run);
  const pages = resultPages(view, current);

  /** Runs a search; one read from the URL (`from: 'url'`) is shown in the controls first. */
  const search = async (state: SearchState, from: SearchSource) => {
    const token = ++run;
    if (from === 'url') fillControls(view, state);
    showSearched(view, state);
    let pagefind: Pagefind;
    try {
      pagefind = await pagefindReady;
    } catch {
      view.status.textContent = import.meta.env.DEV
        ? 'The search index is missing: the dev server searches the last build, so run “npm run build” once, then reload.'
        : 'Search is unavailable: the search index could not be loaded.';
      return;
    }
    if (!current(token)) return;
    if (!hasCriteria(state)) {
      clearResults(view);
      await counts.showFor(token, pagefind, state);
      return;
    }
    // A search with a filter set needs the filter index anyway; its counts come with it.
    if (Object.keys(state.filters).length > 0) void counts.load().catch(() => undefined);
    const term = termOf(state);
    const response = await pagefind.search(term, searchOptions(state));
    if (!response || !current(token)) return;
    void counts.showFor(token, pagefind, state, response).catch(() => undefined);

    const { results, data } =
      state.sort === 'relevance' && term !== null
        ? await exactMatchesFirst(response.results, state.q)
        : { results: response.results, data: new Map<Result, ResultData>() };
    if (!current(token)) return;
    pages.reset(results, data);
    view.empty.hidden = results.length > 0;
    const query = view.empty.querySelector<HTMLElement>('[data-search-query]');
    if (query) query.textContent = emptyQuery(state);
    await pages.more(token, state.q, false);
    if (!current(token)) return;
    view.status.textContent = resultStatus(state, results.length);
  };

  listen(view, {
    search,
    loadCounts: () => void counts.load().catch(() => undefined),
    lookahead: (state) => void ahead(state).catch(() => undefined),
    showMore: () => void pages.more(run, urlState().q, true),
  });
  void search(urlState(), 'url');
};

/** Where a search comes from: the URL (load, back, forward) or the controls the reader is using. */
type SearchSource = 'url' | 'controls';

/** What the controls' events start. */
interface Handlers {
  search: (state: SearchState, from: SearchSource) => Promise<void>;
  loadCounts: () => void;
  /** The query being typed, ahead of its search. */
  lookahead: (state: SearchState) => void;
  showMore: () => void;
}

/** Wires the controls: typing (a search at a pause, with lookahead), submit, filters, clear, more, back and forward. */
const listen = (view: SearchView, handlers: Handlers) => {
  const { form, input, list, clear, more, selects } = view;
  let typing = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const pause = typingPause();

  /** Applies the controls: a new history entry, or (while typing) an update of the current one. */
  const commit = (mode: 'push' | 'replace') => {
    clearTimeout(timer);
    const state = readControls(view);
    const url = `${location.pathname}${stateSearch(state)}`;
    if (url !== `${location.pathname}${location.search}`) history[mode === 'push' ? 'pushState' : 'replaceState'](null, '', url);
    void handlers.search(state, 'controls');
  };

  input.addEventListener('input', (event) => {
    clearTimeout(timer);
    // The query runs ahead at once (lookahead); the search that shows it waits for a pause in
    // typing, as long as the reader's rhythm says (typing-pause.ts).
    const state = readControls(view);
    const term = termOf(state);
    if (term !== null && term.length >= PRELOAD_FROM) handlers.lookahead(state);
    timer = setTimeout(() => {
      // The first keystrokes of a query make a history entry; the rest of the word updates it.
      commit(typing ? 'replace' : 'push');
      typing = true;
    }, pause(event.timeStamp));
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
    filterControls.addEventListener(type, handlers.loadCounts, { once: true, passive: true });
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
  more.addEventListener('click', handlers.showMore);
  addEventListener('popstate', () => {
    typing = false;
    clearTimeout(timer);
    void handlers.search(urlState(), 'url');
  });
};
