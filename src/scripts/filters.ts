/**
 * Progressive filtering of /research. Without JavaScript the notes are listed a page at a time and
 * every note is reachable through the pages. With it, choosing a filter lists every matching note,
 * newest update first: in place where the page already holds every note, else from the search
 * index's filters (a Pagefind search without words), a batch at a time. The URL
 * (`/research?client=fast-agent&kind=nuance`) says so, so a view can be shared and survives back
 * and forward.
 */
import {
  filterNames,
  matchesFilters,
  readFilters,
  writeFilters,
  type FilterName,
  type FilterState,
} from '../lib/search/filters.ts';
import { appendInline, badge } from './dom.ts';
import { bundleOf, loadPagefind, type Pagefind, type Result, type ResultData } from './pagefind.ts';

/** Notes drawn at first, and added by each "Show more". */
const BATCH = 25;

export const wireFilters = (): void => {
  const form = document.querySelector<HTMLFormElement>('[data-filters]');
  const count = document.querySelector<HTMLElement>('[data-count]');
  const staticView = document.querySelector<HTMLElement>('[data-static]');
  const filteredView = document.querySelector<HTMLElement>('[data-filtered]');
  const template = document.querySelector<HTMLTemplateElement>('template[data-note-template]');
  const more = document.querySelector<HTMLButtonElement>('[data-more]');
  const listTemplate = template?.content.querySelector('ul');
  const itemTemplate = listTemplate?.querySelector('li');
  if (!form || !count || !staticView || !filteredView || !more || !listTemplate || !itemTemplate) return;
  const selects = filterNames
    .map((name) => form.elements.namedItem(name))
    .filter((element): element is HTMLSelectElement => element instanceof HTMLSelectElement);
  // The list the results go into: the template's own element, so the list's scoped styles apply.
  const list = listTemplate.cloneNode(false) as HTMLUListElement;
  filteredView.prepend(list);
  const unfiltered = count.textContent ?? '';
  const total = count.dataset['total'] ?? '';
  const items = [...staticView.querySelectorAll<HTMLLIElement>('li[data-kind]')];
  // A page that lists every note filters itself; otherwise the index knows the whole corpus.
  const complete = String(items.length) === total;
  const valuesOf = (item: HTMLLIElement) =>
    Object.fromEntries(filterNames.map((name) => [name, (item.dataset[name] ?? '').split(' ')])) as Record<FilterName, string[]>;

  const filterInPlace = (state: FilterState) => {
    let matching = 0;
    for (const item of items) {
      item.hidden = !matchesFilters(valuesOf(item), state);
      if (!item.hidden) matching += 1;
    }
    count.textContent = Object.keys(state).length === 0 ? unfiltered : `${matching} of ${total} notes match`;
  };
  // The results always belong to /research, whichever page of it the reader filtered from.
  const base = new URL(form.action, location.href).pathname;

  let pagefind: Promise<Pagefind> | undefined;
  let run = 0;
  let results: Result[] = [];
  let shown = 0;

  const renderItem = (data: ResultData): HTMLLIElement => {
    const item = itemTemplate.cloneNode(true) as HTMLLIElement;
    const { meta } = data;
    item.dataset['kind'] = meta['kind'] ?? '';
    const link = item.querySelector<HTMLAnchorElement>('.title');
    if (link) {
      link.href = data.url;
      link.replaceChildren();
      appendInline(link, meta['title'] ?? data.url);
    }
    const badges = item.querySelector('.badges');
    if (badges) {
      if (meta['kind']) badges.append(badge('kind', meta['kind']));
      if (meta['status'] && meta['status'] !== 'current') badges.append(' ', badge('status', meta['status']));
      if (meta['stale']) badges.append(' ', badge('stale', 'stale', 'may be stale'));
    }
    const summary = item.querySelector<HTMLElement>('.summary');
    if (summary) {
      summary.replaceChildren();
      appendInline(summary, meta['summary'] ?? '');
    }
    // The template holds a placeholder, not an empty <time>: a <time> must carry a date (the Nu checker says so).
    const verified = item.querySelector('[data-verified]');
    if (verified && meta['lastVerified']) {
      const time = document.createElement('time');
      time.dateTime = meta['lastVerified'];
      time.textContent = meta['lastVerified'];
      verified.replaceWith(time);
    }
    const clients = item.querySelector('[data-clients]');
    if (clients) clients.textContent = (meta['clients'] ?? '').split(' ').join(', ');
    return item;
  };

  const showMore = async (token: number) => {
    const batch = results.slice(shown, shown + BATCH);
    const data = await Promise.all(batch.map((result) => result.data()));
    if (token !== run) return;
    list.append(...data.map(renderItem));
    shown += batch.length;
    more.hidden = shown >= results.length;
  };

  const apply = async (state: FilterState) => {
    const token = ++run;
    for (const select of selects) select.value = state[select.name as FilterName] ?? '';
    if (complete) {
      filterInPlace(state);
      return;
    }
    const active = Object.keys(state).length > 0;
    if (!active) {
      staticView.hidden = false;
      filteredView.hidden = true;
      count.textContent = unfiltered;
      return;
    }
    count.textContent = 'Filtering…';
    let index: Pagefind;
    try {
      index = await (pagefind ??= loadPagefind(bundleOf(form)));
    } catch {
      if (token === run) count.textContent = 'Filtering is unavailable: the search index could not be loaded.';
      return;
    }
    // No sort: a search without words lists notes as their records were added, newest first
    // (`searchRecords` in src/node/prepare.ts), as the static list does.
    const response = await index.search(null, { filters: { ...state } });
    if (!response || token !== run) return;
    results = response.results;
    shown = 0;
    list.replaceChildren();
    await showMore(token);
    if (token !== run) return;
    staticView.hidden = true;
    filteredView.hidden = false;
    count.textContent = `${results.length} of ${total} notes match`;
  };

  const current = (): FilterState => {
    const params = new URLSearchParams();
    for (const select of selects) params.set(select.name, select.value);
    return readFilters(params);
  };

  form.addEventListener('change', () => {
    const state = current();
    const query = writeFilters(state).toString();
    history.pushState(null, '', query === '' ? base : `${base}?${query}`);
    void apply(state);
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
  });
  more.addEventListener('click', () => {
    void showMore(run);
  });
  addEventListener('popstate', () => void apply(readFilters(new URLSearchParams(location.search))));
  void apply(readFilters(new URLSearchParams(location.search)));
};
