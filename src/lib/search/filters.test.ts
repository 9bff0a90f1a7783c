import { describe, expect, it } from 'vitest';
import { filteredResearchUrl, filterNames, filterValues, matchesFilters, readFilters, writeFilters } from './filters.ts';

const note = {
  kind: 'bug',
  status: 'current',
  clients: ['fast-agent', 'hermes-agent'],
  specVersions: ['2026-07-28'],
  capabilities: ['protocolVersions'],
} as const;

describe('the filters table', () => {
  it('lists the filters in URL order', () => {
    expect(filterNames).toEqual(['kind', 'client', 'revision', 'capability', 'feature', 'status']);
  });

  it("gives a note's values as ids, one list per filter", () => {
    expect(filterValues(note)).toEqual({
      kind: ['bug'],
      client: ['fast-agent', 'hermes-agent'],
      revision: ['2026-07-28'],
      capability: ['protocolVersions'],
      feature: [],
      status: ['current'],
    });
  });

  it('matches a note only where it has every chosen value', () => {
    const values = filterValues(note);
    expect(matchesFilters(values, {})).toBe(true);
    expect(matchesFilters(values, { client: 'hermes-agent', kind: 'bug' })).toBe(true);
    expect(matchesFilters(values, { client: 'hermes-agent', kind: 'gap' })).toBe(false);
    expect(matchesFilters(values, { revision: '2025-11-25' })).toBe(false);
  });

  it('reads and writes the URL form, ignoring unknown and empty parameters, in table order', () => {
    const state = readFilters(new URLSearchParams('status=current&q=x&client=%20fast-agent%20&kind=&capability=tools'));
    expect(state).toEqual({ status: 'current', client: 'fast-agent', capability: 'tools' });
    expect(writeFilters(state).toString()).toBe('client=fast-agent&capability=tools&status=current');
    expect(readFilters(writeFilters(state))).toEqual(state);
  });

  it('links a filtered view of /research', () => {
    expect(filteredResearchUrl({})).toBe('/research');
    expect(filteredResearchUrl({ capability: 'tools', client: 'codex' })).toBe('/research?client=codex&capability=tools');
  });
});
