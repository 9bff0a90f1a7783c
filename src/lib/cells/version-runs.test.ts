import { describe, expect, test } from 'vitest';
import type { VerdictState } from '../../schema/index.ts';
import { formatRuns, runsLabel, sinceContradiction, uncapturedGaps, versionRuns, type Observation } from './version-runs.ts';

/** `['0.77.0', 'yes']` pairs as observations, one capture each, named after the version. */
const seen = (...pairs: [string, VerdictState][]): Observation[] =>
  pairs.map(([version, state], index) => ({ version, state, capture: `c${index}-${version}` }));

describe('versionRuns', () => {
  test.each([
    ['nothing observed', [], ''],
    ['one version', seen(['1.0.11', 'yes']), '1.0.11: yes'],
    ['one state throughout', seen(['1.0.102', 'yes'], ['1.0.11', 'yes'], ['1.0.40', 'yes']), '1.0.11–1.0.102: yes'],
    [
      'a behaviour that came, went and came back (the issue’s Codex example)',
      seen(['0.171.0', 'yes'], ['0.77.0', 'yes'], ['0.118.0', 'no'], ['0.120.0', 'yes'], ['0.140.0', 'yes']),
      '0.77.0: yes · 0.118.0: no · 0.120.0–0.171.0: yes',
    ],
    [
      'versions compare as releases, not as text',
      seen(['1.0.9', 'no'], ['1.0.10', 'yes'], ['1.0.100', 'yes']),
      '1.0.9: no · 1.0.10–1.0.100: yes',
    ],
    [
      'two captures of one version that disagree make it partial',
      seen(['3.0.65', 'yes'], ['3.0.65', 'no'], ['3.0.57', 'yes']),
      '3.0.57: yes · 3.0.65: partial',
    ],
    ['0.210 and 0.210.0 are one version', seen(['0.210', 'no'], ['0.210.0', 'no']), '0.210: no'],
  ] as const)('%s', (_name, observations, expected) => {
    expect(formatRuns(versionRuns(observations))).toBe(expected);
  });

  test('the first run starts at the oldest captured version, and only it says so', () => {
    const runs = versionRuns(seen(['1.0.71', 'partial'], ['1.0.11', 'no'], ['1.0.70', 'no']));
    expect(runs).toEqual([
      { from: '1.0.11', to: '1.0.70', state: 'no', fromIsOldestCaptured: true, captures: ['c1-1.0.11', 'c2-1.0.70'] },
      { from: '1.0.71', state: 'partial', captures: ['c0-1.0.71'] },
    ]);
  });
});

describe('runsLabel', () => {
  test.each([
    [
      'one run in the verdict’s state is since at least its oldest',
      seen(['1.0.11', 'yes'], ['1.0.102', 'yes']),
      'yes',
      'since at least 1.0.11 (oldest captured)',
    ],
    [
      'the only version captured is since at least it too',
      seen(['0.36.0', 'yes']),
      'yes',
      'since at least 0.36.0 (oldest captured)',
    ],
    ['runs that change are each shown', seen(['1.0.11', 'no'], ['1.0.71', 'partial']), 'partial', '1.0.11: no · 1.0.71: partial'],
    ['one run in another state than the verdict’s is shown as a run', seen(['0.45.2', 'yes']), 'no', '0.45.2: yes'],
    ['no runs give nothing', [], 'yes', undefined],
  ] as const)('%s', (_name, observations, state, expected) => {
    expect(runsLabel(versionRuns(observations), state)).toBe(expected);
  });
});

describe('uncapturedGaps', () => {
  const observations = seen(['1.0.11', 'no'], ['1.0.40', 'yes'], ['1.0.41', 'yes']);
  test('without published versions every pair of neighbours is a gap', () => {
    expect(uncapturedGaps(observations)).toEqual([
      { after: '1.0.11', before: '1.0.40' },
      { after: '1.0.40', before: '1.0.41' },
    ]);
  });
  test('with them, adjacent releases are no gap and the versions between are listed', () => {
    expect(uncapturedGaps(observations, ['1.0.41', '1.0.12', '1.0.39', '1.0.40', '1.0.11', '2.0.0'])).toEqual([
      { after: '1.0.11', before: '1.0.40', versions: ['1.0.12', '1.0.39'] },
    ]);
  });
});

describe('sinceContradiction (FORMAT.md: every captured version from since to version behaves so, the one before does not)', () => {
  const copilot = seen(['1.0.11', 'yes'], ['1.0.80', 'yes'], ['1.0.102', 'yes']);
  test.each([
    ['agrees where since is the oldest captured', copilot, { state: 'yes', since: '1.0.11', version: '1.0.102' }, undefined],
    [
      'refuses a since that an older capture already shows',
      copilot,
      { state: 'yes', since: '1.0.102', version: '1.0.102' },
      'captured 1.0.80, older than 1.0.102, already shows yes: write since "1.0.11" (the oldest captured: pages say "since at least") (runs: 1.0.11–1.0.102: yes)',
    ],
    [
      'points at the start of the run, not the oldest capture, where the run starts later',
      seen(['1.0.11', 'no'], ['1.0.70', 'no'], ['1.0.71', 'partial'], ['1.0.90', 'partial']),
      { state: 'partial', since: '1.0.90', version: '1.0.102' },
      'captured 1.0.71, older than 1.0.90, already shows partial: write since "1.0.71" (runs: 1.0.11–1.0.70: no · 1.0.71–1.0.90: partial)',
    ],
    [
      'agrees at a boundary the captures pin',
      seen(['1.0.70', 'no'], ['1.0.71', 'partial']),
      { state: 'partial', since: '1.0.71' },
      undefined,
    ],
    [
      'refuses a since whose range holds a version that behaves otherwise',
      seen(['2.14.0', 'yes'], ['3.0.57', 'no'], ['3.0.65', 'yes']),
      { state: 'yes', since: '2.14.0', version: '3.0.65' },
      'captured 3.0.57 shows no, not yes, between 2.14.0 and 3.0.65 (runs: 2.14.0: yes · 3.0.57: no · 3.0.65: yes)',
    ],
    [
      'versions after version are not its business',
      seen(['1.0', 'yes'], ['2.0', 'no']),
      { state: 'yes', since: '1.0', version: '1.5' },
      undefined,
    ],
  ] as const)('%s', (_name, observations, verdict, expected) => {
    expect(sinceContradiction(observations, verdict)).toBe(expected);
  });
});
