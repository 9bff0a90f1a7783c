import { describe, expect, test } from 'vitest';
import type { FeatureCell } from '../cells/feature-cells.ts';
import { stateAt } from '../cells/version-state.ts';
import { featureStatus } from '../cells/feature-status.ts';
import { statusChanges } from '../cells/status-changes.ts';

const cell = (
  client: string,
  feature: string,
  ranges: FeatureCell['ranges'],
  state: FeatureCell['state'] = ((run) => (run === undefined || run === 'not-observed' ? 'unknown' : run))(ranges.at(-1)?.state),
): FeatureCell => ({
  client,
  feature,
  state,
  ranges,
  notes: [],
  captures: [],
});

describe('stateAt', () => {
  const runs = cell('codex', 'server-requests.elicitation.form', [
    { from: '0.77.0', state: 'yes', fromIsOldestCaptured: true },
    { from: '0.118.0', state: 'no' },
    { from: '0.120.0', to: '0.171.0', state: 'yes' },
  ]);
  test.each([
    ['0.77.0', 'yes'],
    ['0.118.0', 'no'],
    ['0.150.0', 'yes'],
    ['0.171.0', 'yes'],
    // Between two runs, and outside every run, nothing was captured.
    ['0.100.0', 'unknown'],
    ['0.119.0', 'unknown'],
    ['0.172.0', 'unknown'],
    ['0.50.0', 'unknown'],
  ])('%s is %s', (version, state) => expect(stateAt(runs, version)).toBe(state));
});

describe('featureStatus', () => {
  test("every core client, some or none, by each one's newest run", () => {
    const cells = [
      cell('a', 'f', [
        { from: '1.0.0', state: 'no', fromIsOldestCaptured: true },
        { from: '2.0.0', to: '2.3.0', state: 'yes' },
      ]),
      cell('b', 'f', [
        { from: '1.0.0', state: 'no', fromIsOldestCaptured: true },
        { from: '1.5.0', state: 'partial' },
      ]),
      cell('c', 'f', [{ from: '9.0.0', state: 'no', fromIsOldestCaptured: true }]),
    ];
    expect(featureStatus('f', cells, ['a', 'b'])).toEqual({
      feature: 'f',
      status: 'everywhere',
      clients: [
        { client: 'a', state: 'yes', version: '2.3.0' },
        { client: 'b', state: 'partial', version: '1.5.0' },
      ],
    });
    expect(featureStatus('f', cells, ['a', 'c']).status).toBe('some');
    expect(featureStatus('f', cells, ['c']).status).toBe('none');
  });
  test('unknown where any core cell is, or its newest run was not observed, or there is no core', () => {
    const cells = [
      cell('a', 'f', [{ from: '1.0.0', state: 'yes', fromIsOldestCaptured: true }]),
      cell('b', 'f', [{ from: '1.0.0', state: 'not-observed' }], 'yes'),
    ];
    expect(featureStatus('f', cells, ['a']).status).toBe('everywhere');
    expect(featureStatus('f', cells, ['a', 'x']).status).toBe('unknown');
    expect(featureStatus('f', cells, ['a', 'b']).status).toBe('unknown');
    expect(featureStatus('f', cells, []).status).toBe('unknown');
  });
});

describe('statusChanges', () => {
  test('replays cell changes commit by commit, newest first', () => {
    const at = (commit: string, date: string, client: string, state: FeatureCell['state']) => ({
      commit,
      date,
      client,
      feature: 'f',
      state,
    });
    expect(
      statusChanges(
        [
          at('c3', '2026-03-01T00:00:00Z', 'b', 'no'),
          at('c1', '2026-01-01T00:00:00Z', 'a', 'yes'),
          at('c2', '2026-02-01T00:00:00Z', 'b', 'yes'),
          at('c2', '2026-02-01T00:00:00Z', 'x', 'no'),
        ],
        ['a', 'b'],
      ),
    ).toEqual([
      { feature: 'f', from: 'everywhere', to: 'some', commit: 'c3', date: '2026-03-01T00:00:00Z' },
      { feature: 'f', from: 'unknown', to: 'everywhere', commit: 'c2', date: '2026-02-01T00:00:00Z' },
    ]);
  });
});
