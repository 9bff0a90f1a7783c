import { describe, expect, it } from 'vitest';
import { excerptParts, exactFirst, hasCriteria, isExactMatch, readState, stateSearch, urlId } from './search.ts';

describe('search URL state', () => {
  it('reads words, filters and sort from the query string', () => {
    const state = readState(new URLSearchParams('q=%20discover%20&client=fast-agent&kind=&sort=lastVerified&other=x'));
    expect(state).toEqual({ q: 'discover', filters: { client: 'fast-agent' }, sort: 'lastVerified' });
  });

  it('falls back to relevance for an unknown sort', () => {
    expect(readState(new URLSearchParams('sort=title')).sort).toBe('relevance');
  });

  it('writes a stable query string without defaults, and round-trips', () => {
    const state = readState(new URLSearchParams('sort=lastVerified&status=current&q=server/discover&client=fast-agent'));
    const search = stateSearch(state);
    expect(search).toBe('?q=server%2Fdiscover&client=fast-agent&status=current&sort=lastVerified');
    expect(readState(new URLSearchParams(search))).toEqual(state);
    expect(stateSearch({ q: '', filters: {}, sort: 'relevance' })).toBe('');
  });

  it('knows when there is something to search for', () => {
    expect(hasCriteria({ q: '', filters: {}, sort: 'lastVerified' })).toBe(false);
    expect(hasCriteria({ q: '', filters: { kind: 'bug' }, sort: 'relevance' })).toBe(true);
    expect(hasCriteria({ q: '検索', filters: {}, sort: 'relevance' })).toBe(true);
  });
});

describe('excerptParts', () => {
  it('splits highlighted runs from plain text and decodes entities', () => {
    expect(excerptParts('a &lt;b&gt; <mark>c &amp; d</mark> e &#x41;&#66;')).toEqual([
      { text: 'a <b> ', marked: false },
      { text: 'c & d', marked: true },
      { text: ' e AB', marked: false },
    ]);
  });

  it('keeps any other markup as literal text', () => {
    expect(excerptParts('<img src=x onerror=alert(1)><mark>x</mark>')).toEqual([
      { text: '<img src=x onerror=alert(1)>', marked: false },
      { text: 'x', marked: true },
    ]);
  });

  it('merges neighbouring runs of the same kind', () => {
    expect(excerptParts('<mark>a</mark><mark>b</mark>')).toEqual([{ text: 'ab', marked: true }]);
  });
});

describe('exact matches', () => {
  const results = [
    { title: 'Fixture: fast-agent leads with server/discover', url: '/research/fast-agent-leads', id: 'fast-agent-leads' },
    { title: 'fast-agent', url: '/clients/fast-agent' },
    { title: 'MCP revision 2026-07-28', url: '/revisions/2026-07-28' },
  ];

  it('matches a whole title or an id, ignoring case, outer quotes and a final period', () => {
    expect(isExactMatch('Fast-Agent', results[1]!)).toBe(true);
    expect(isExactMatch('"fixture: fast-agent leads with server/discover."', results[0]!)).toBe(true);
    expect(isExactMatch('fast-agent-leads', results[0]!)).toBe(true);
    expect(isExactMatch('2026-07-28', results[2]!)).toBe(true);
    expect(isExactMatch('fast', results[1]!)).toBe(false);
    expect(isExactMatch('', results[1]!)).toBe(false);
  });

  it('moves exact matches first and keeps the rest in order', () => {
    expect(exactFirst('fast-agent', results, (r) => r).map((r) => r.url)).toEqual([
      '/clients/fast-agent',
      '/research/fast-agent-leads',
      '/revisions/2026-07-28',
    ]);
    expect(exactFirst('nothing', results, (r) => r)).toEqual(results);
  });

  it('reads the id from a URL', () => {
    expect(urlId('/research/a-b?x#y')).toBe('a-b');
  });
});
