import { describe, expect, test } from 'vitest';
import { readState } from '../lib/search/search.ts';
import { emptyQuery, filtersOf, resultStatus, searchOptions, termOf } from './search-query.ts';

const state = (search: string) => readState(new URLSearchParams(search));

describe('what /search asks and how it words it', () => {
  test.each([
    ['?q=discover', 0, 'No results for “discover”.'],
    ['?q=discover', 1, '1 result for “discover”.'],
    ['?q=discover&client=codex', 3, '3 results for “discover” with 1 filter.'],
    ['?client=codex&kind=bug', 2, '2 results with 2 filters.'],
    ['?client=codex', 0, 'No results with 1 filter.'],
  ])('%s with %i results says %s', (search, count, expected) => {
    expect(resultStatus(state(search), count)).toBe(expected);
  });

  test('a filter-only search has no words, and its empty message names the filters', () => {
    expect(termOf(state('?client=codex'))).toBeNull();
    expect(emptyQuery(state('?client=codex'))).toBe('these filters');
    expect(emptyQuery(state('?q=tasks'))).toBe('“tasks”');
  });

  test('a filter is left out of its own counts search', () => {
    const both = state('?q=x&client=codex&kind=bug');
    expect(filtersOf(both)).toEqual({ client: 'codex', kind: 'bug' });
    expect(filtersOf(both, 'client')).toEqual({ kind: 'bug' });
  });

  test('words are ranked by relevance unless the reader asks for last verified; filters alone list newest first', () => {
    expect(searchOptions(state('?q=discover&client=codex'))).toEqual({ filters: { client: 'codex' } });
    expect(searchOptions(state('?q=discover&sort=lastVerified'))).toEqual({ filters: {}, sort: { lastVerified: 'desc' } });
    expect(searchOptions(state('?kind=bug'))).toEqual({ filters: { kind: 'bug' }, sort: { lastVerified: 'desc' } });
  });

  test('Chinese and Japanese words are split for Pagefind', () => {
    expect(termOf(state('?q=これは検索'))).not.toBe('これは検索');
  });
});
