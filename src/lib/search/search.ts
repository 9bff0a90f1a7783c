/**
 * The pure parts of /search: what a search URL means, how a Pagefind excerpt becomes safe text,
 * and which results count as an exact match. The page script (src/scripts/search.ts) does the DOM.
 */
import { readFilters, writeFilters, type FilterState } from './filters.ts';

export const sortOrders = ['relevance', 'lastVerified'] as const;
export type SortOrder = (typeof sortOrders)[number];

/** One search: the words, one value per filter (ids, as /research and the index use them), and the order. */
export interface SearchState {
  q: string;
  filters: FilterState;
  sort: SortOrder;
}

/** Reads `?q=discover&client=fast-agent&sort=lastVerified`; unknown or empty parameters are ignored. */
export const readState = (params: URLSearchParams): SearchState => {
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    filters: readFilters(params),
    sort: sort === 'lastVerified' ? 'lastVerified' : 'relevance',
  };
};

/** The query string for a state, in a stable order, without the defaults: `?q=x&kind=bug`, or `''`. */
export const stateSearch = (state: SearchState): string => {
  const params = new URLSearchParams();
  if (state.q !== '') params.set('q', state.q);
  writeFilters(state.filters, params);
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
};

/** True when there is anything to search for: words, or at least one filter. */
export const hasCriteria = (state: SearchState): boolean => state.q !== '' || Object.keys(state.filters).length > 0;

export interface ExcerptPart {
  text: string;
  marked: boolean;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });

/**
 * Splits a Pagefind excerpt into plain text and highlighted runs. Only `<mark>` and `</mark>` are
 * read as markup; anything else that looks like a tag stays literal text, so the page can build
 * the excerpt from text nodes and never has to parse HTML it did not write.
 */
export const excerptParts = (excerpt: string): ExcerptPart[] => {
  const parts: ExcerptPart[] = [];
  let marked = false;
  for (const piece of excerpt.split(/(<\/?mark>)/)) {
    if (piece === '<mark>') marked = true;
    else if (piece === '</mark>') marked = false;
    else if (piece !== '') {
      const text = decode(piece);
      const last = parts.at(-1);
      if (last && last.marked === marked) last.text += text;
      else parts.push({ text, marked });
    }
  }
  return parts;
};

const normalize = (text: string): string =>
  text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/^["'\s]+|["'\s.]+$/g, '')
    .replace(/\s+/g, ' ');

/** The last path segment of a result URL: a note's, client's, revision's or capability's id. */
export const urlId = (url: string): string => decodeURIComponent(url.split(/[?#]/)[0]?.split('/').at(-1) ?? '');

/** True where the query is the result's whole title or its id, ignoring case and outer quotes. */
export const isExactMatch = (query: string, result: { title: string; url: string; id?: string | undefined }): boolean => {
  const q = normalize(query);
  if (q === '') return false;
  return [result.title, result.id ?? '', urlId(result.url)].some((candidate) => candidate !== '' && normalize(candidate) === q);
};

/** Moves exact title or id matches to the front, keeping the order within both groups. */
export const exactFirst = <T>(
  query: string,
  items: readonly T[],
  describe: (item: T) => { title: string; url: string; id?: string | undefined },
): T[] => {
  const exact = items.filter((item) => isExactMatch(query, describe(item)));
  return exact.length === 0 ? [...items] : [...exact, ...items.filter((item) => !exact.includes(item))];
};
