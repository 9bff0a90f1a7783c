/**
 * The note filters, in one table: their URL parameter, label and the note field they read. /research,
 * /search, the note pages' search records and both page scripts all use it. Filter values are always
 * ids (a client's id, never its name), so renaming a client does not change its filter or its URLs.
 * Pure (no Node, no Astro): it runs in the browser too.
 */
// One row, not the table: the browser's filter scripts load this module.
import { research } from '../routes/outputs.ts';

/** Each filter: `name` is the URL parameter and the Pagefind filter key; `field` is the note's frontmatter field. */
export const filters = [
  { name: 'kind', label: 'Kind', field: 'kind' },
  { name: 'client', label: 'Client', field: 'clients' },
  { name: 'revision', label: 'Revision', field: 'specVersions' },
  { name: 'capability', label: 'Capability', field: 'capabilities' },
  { name: 'feature', label: 'Feature', field: 'features' },
  { name: 'status', label: 'Status', field: 'status' },
] as const;

export type FilterName = (typeof filters)[number]['name'];
type FilterField = (typeof filters)[number]['field'];

/** The filter names, in URL order. */
export const filterNames: readonly FilterName[] = filters.map((filter) => filter.name);

/** One value per filter, as ids: `{ client: 'fast-agent', kind: 'bug' }`. */
export type FilterState = Partial<Record<FilterName, string>>;

/** What a note needs for its filter values; an optional list (`features`) may be absent. */
export type Filterable = Partial<Record<FilterField, string | readonly string[] | undefined>>;

/** A note's values for every filter, as ids: `{ kind: ['bug'], client: ['fast-agent', 'codex'], … }`. */
export const filterValues = (note: Filterable): Record<FilterName, string[]> =>
  Object.fromEntries(
    filters.map(({ name, field }) => {
      const value = note[field];
      return [name, typeof value === 'string' ? [value] : [...(value ?? [])]];
    }),
  ) as Record<FilterName, string[]>;

/** True where a note's values (from `filterValues`) include every chosen value. */
export const matchesFilters = (values: Record<FilterName, readonly string[]>, state: FilterState): boolean =>
  filterNames.every((name) => {
    const wanted = state[name];
    return wanted === undefined || values[name].includes(wanted);
  });

/** Reads the filters from a query string; unknown and empty parameters are ignored. */
export const readFilters = (params: URLSearchParams): FilterState => {
  const state: FilterState = {};
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value) state[name] = value;
  }
  return state;
};

/** Writes the filters into a query string, in table order (`kind` before `client`, …). */
export const writeFilters = (state: FilterState, params = new URLSearchParams()): URLSearchParams => {
  for (const name of filterNames) {
    const value = state[name];
    if (value) params.set(name, value);
  }
  return params;
};

/** A filtered view of /research: `/research?client=fast-agent`. */
export const filteredResearchUrl = (state: FilterState): string => {
  const search = writeFilters(state).toString();
  return search === '' ? research.pattern : `${research.pattern}?${search}`;
};
