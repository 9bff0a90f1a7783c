import { describe, expect, test } from 'vitest';
import {
  campaignReport,
  emptyState,
  newerReleases,
  newestCaptured,
  parseState,
  proposedChanges,
  releaseRuns,
  runKey,
} from './campaign.ts';

describe('which releases a campaign runs', () => {
  const published = ['0.9.0', '0.10.0', '0.10.1-rc.1', '0.11.0', '0.11.0-linux-x64', '0.12.0'];
  test('the releases newer than the newest captured, oldest first, as releases compare (0.10 after 0.9)', () => {
    expect(newestCaptured(['0.9.0', '0.10.0', '0.2.0'])).toBe('0.10.0');
    expect(newerReleases(published, '0.10.0')).toEqual(['0.11.0', '0.12.0']);
    expect(newerReleases(published, '0.10.0', 1)).toEqual(['0.12.0']);
    expect(newerReleases(published, '0.12.0')).toEqual([]);
  });
  test('a client never captured runs its newest release alone', () => {
    expect(newerReleases(published, undefined)).toEqual(['0.12.0']);
  });
  test('each release runs the handshake, then every scenario, each under its own key', () => {
    expect(releaseRuns('codex', '0.12.0', ['tool-results']).map(runKey)).toEqual([
      'codex@0.12.0#handshake',
      'codex@0.12.0#tool-results',
    ]);
  });
});

describe('the verdict changes a campaign proposes', () => {
  const cell = (column: string, state: string, version: string) => ({
    client: 'codex',
    axis: 'feature' as const,
    column,
    state,
    version,
    capture: `codex-${version}`,
    because: 'the judge said so',
  });
  test('a cell whose newest capture shows another state than the published verdict, or one none is published for', () => {
    const changes = proposedChanges(
      [
        cell('tools.call', 'yes', '0.12.0'),
        cell('sampling', 'no', '0.11.0'),
        cell('sampling', 'yes', '0.12.0'),
        cell('roots', 'no', '0.12.0'),
      ],
      [
        { axis: 'feature', column: 'tools.call', state: 'yes', version: '0.10.0' },
        { axis: 'feature', column: 'sampling', state: 'no', version: '0.10.0' },
      ],
    );
    expect(changes.map((change) => [change.column, change.published?.state, change.state, change.version])).toEqual([
      ['roots', undefined, 'no', '0.12.0'],
      ['sampling', 'no', 'yes', '0.12.0'],
    ]);
  });
});

describe('the state file and the report', () => {
  test('a state file that is not one is refused, naming the file and the field', () => {
    expect(() => parseState('{', 'out/state.json')).toThrow('out/state.json: not JSON');
    expect(() => parseState('{"started":"x","runs":{},"skipped":[]}', 'out/state.json')).toThrow(
      'out/state.json: skipped: expected an object',
    );
    const state = emptyState('2026-12-07T15:00:00Z');
    expect(parseState(JSON.stringify(state), 'state.json')).toEqual(state);
  });
  test('the report has a row per client with its versions, runs, captures and time, and lists the runs that failed and why', () => {
    const state = {
      ...emptyState('2026-12-07T15:00:00Z'),
      runs: {
        'codex@0.12.0#handshake': { status: 'done' as const, captures: ['a.jsonl'], seconds: 20 },
        'codex@0.12.0#tool-results': { status: 'failed' as const, captures: [], seconds: 90, reason: 'timed out' },
      },
      skipped: { amp: 'asks for a login' },
      seconds: { codex: 125.4 },
    };
    const report = campaignReport(state, [
      { client: 'codex', newestCaptured: '0.10.0', versions: ['0.12.0'] },
      { client: 'amp', versions: [], skipped: 'asks for a login' },
    ]);
    expect(report).toContain('| codex | 0.10.0 | 0.12.0 | 2 | 1 | 1 | 125 s |');
    expect(report).toContain('| amp | none | not run: asks for a login | 0 | 0 | 0 | — |');
    expect(report).toContain('- `codex@0.12.0#tool-results`: timed out');
  });
});
