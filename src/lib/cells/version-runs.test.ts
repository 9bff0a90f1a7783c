import { describe, expect, test } from 'vitest';
import type { VerdictState } from '../../schema/index.ts';
import {
  briefRunsLabel,
  countReleases,
  exportRange,
  facedRuns,
  formatRuns,
  runsLabel,
  sinceContradiction,
  versionRuns,
  type CountedRun,
  type FacedObservation,
  type Observation,
} from './version-runs.ts';

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

  test('the first run starts at the oldest captured version, and only it says so; every run has its to and its captured versions', () => {
    const runs = versionRuns(seen(['1.0.71', 'partial'], ['1.0.11', 'no'], ['1.0.70', 'no']));
    expect(runs).toEqual([
      {
        from: '1.0.11',
        to: '1.0.70',
        state: 'no',
        captured: ['1.0.11', '1.0.70'],
        fromIsOldestCaptured: true,
        captures: ['c1-1.0.11', 'c2-1.0.70'],
      },
      { from: '1.0.71', to: '1.0.71', state: 'partial', captured: ['1.0.71'], captures: ['c0-1.0.71'] },
    ]);
    expect(runs.map(exportRange)).toEqual([
      { from: '1.0.11', to: '1.0.70', state: 'no', captured: ['1.0.11', '1.0.70'], fromIsOldestCaptured: true },
      { from: '1.0.71', to: '1.0.71', state: 'partial', captured: ['1.0.71'] },
    ]);
  });
});

describe('versionRuns with the captures of other faces', () => {
  /** Observations of another face, named for its command. */
  const elsewhere = (face: string, ...pairs: [string, VerdictState][]): FacedObservation[] =>
    seen(...pairs).map((item) => ({ ...item, capture: `other-${item.capture}`, face }));
  // Codex elicitation: the handshake face saw partial at 0.77.0, 0.104.0 and 0.171.0; a tool-results
  // run at 0.118.0, another command, declared no elicitation at all.
  const handshake = seen(['0.77.0', 'partial'], ['0.104.0', 'partial'], ['0.171.0', 'partial']);
  const toolResults = 'codex exec --json … (cli, stdio)';

  test('a capture of another face that shows another state inside a run splits it, and names its face', () => {
    const runs = versionRuns(handshake, elsewhere(toolResults, ['0.118.0', 'no'], ['0.120.0', 'partial']));
    expect(formatRuns(runs)).toBe(
      '0.77.0–0.104.0: partial · 0.118.0: no (in codex exec --json … (cli, stdio)) · 0.171.0: partial',
    );
    expect(runs.map((run) => [run.from, run.to, run.captured, run.captures, run.fromIsOldestCaptured])).toEqual([
      ['0.77.0', '0.104.0', ['0.77.0', '0.104.0'], ['c0-0.77.0', 'c1-0.104.0'], true],
      ['0.118.0', '0.118.0', ['0.118.0'], ['other-c0-0.118.0'], undefined],
      ['0.171.0', '0.171.0', ['0.171.0'], ['c2-0.171.0'], undefined],
    ]);
  });

  test('one that agrees, one outside every run, and one beside a version the cell captured change nothing', () => {
    const runs = versionRuns(
      handshake,
      elsewhere(toolResults, ['0.118.0', 'partial'], ['0.20.0', 'no'], ['0.180.0', 'no'], ['0.104.0', 'no']),
    );
    expect(formatRuns(runs)).toBe('0.77.0–0.171.0: partial');
  });

  test("another face's capture that splits the runs of two of the cell's faces is shown once", () => {
    // Codex serverDiscover: the exec and exec-text faces say no around 0.147.0; the opt-in mode's
    // capture there (a setting, so another face) said yes, and split both.
    const faced = (face: string, ...pairs: [string, VerdictState][]): FacedObservation[] =>
      seen(...pairs).map((item) => ({ ...item, capture: `${face}-${item.capture}`, face }));
    const runs = facedRuns(
      [...faced('exec', ['0.146.0', 'no'], ['0.150.0', 'no']), ...faced('exec-text', ['0.140.0', 'no'], ['0.171.0', 'no'])],
      faced('opt-in', ['0.147.0', 'yes']),
    );
    expect(runs.filter((run) => run.face === 'opt-in').map((run) => [run.from, run.state])).toEqual([['0.147.0', 'yes']]);
    expect(runs.filter((run) => run.state === 'no')).toHaveLength(4);
  });
});

describe('countReleases: the releases a run spans and those nobody captured between runs', () => {
  const published = [
    '0.76.0',
    '0.77.0',
    '0.78.0',
    '0.79.0',
    '0.80.0-linux-x64',
    '0.104.0',
    '0.110.0',
    '0.115.0',
    '0.118.0',
    '0.120.0',
    '0.171.0',
  ];
  test('counts releases without a pre-release part inside and between runs', () => {
    const runs = countReleases(
      versionRuns(seen(['0.77.0', 'partial'], ['0.104.0', 'partial'], ['0.118.0', 'no'], ['0.171.0', 'partial'])),
      published,
    );
    expect(runs.map((run) => [run.releases, run.notCapturedBefore])).toEqual([
      [4, undefined],
      [1, 2],
      [1, 1],
    ]);
    expect(formatRuns(runs)).toBe(
      '0.77.0–0.104.0: partial (2 of 4 releases captured) · 2 releases not captured · 0.118.0: no · 1 release not captured · 0.171.0: partial',
    );
  });

  test('adjacent releases leave nothing uncaptured between runs; an unknown version or list counts nothing', () => {
    const adjacent = countReleases(versionRuns(seen(['0.118.0', 'no'], ['0.120.0', 'partial'])), published);
    expect(formatRuns(adjacent)).toBe('0.118.0: no · 0.120.0: partial');
    expect(countReleases(versionRuns(seen(['0.118.0', 'no'], ['9.9.9', 'yes'])), published).map((run) => run.releases)).toEqual([
      1,
      undefined,
    ]);
    const unknown = countReleases(versionRuns(seen(['0.118.0', 'no'])), undefined);
    expect(unknown[0]).not.toHaveProperty('releases');
  });
});

describe('release days on runs, from the release list (content/releases/)', () => {
  const times = {
    '2.1.81': '2026-03-12T18:04:11.250Z',
    '2.1.90': '2026-04-01T09:00:00Z',
    '2.1.95': '2026-04-20T09:00:00Z',
  };
  test('a run carries the days its first and last versions were published, and says them', () => {
    const runs = countReleases(versionRuns(seen(['2.1.81', 'yes'], ['2.1.90', 'yes'])), Object.keys(times), times);
    expect(runs[0]).toMatchObject({ fromReleased: '2026-03-12', toReleased: '2026-04-01' });
    expect(runsLabel(runs, 'yes')).toBe(
      'since at least 2.1.81 (oldest captured, released 2026-03-12), to 2.1.90 (released 2026-04-01)',
    );
    expect(exportRange(runs[0] as (typeof runs)[number])).toMatchObject({ fromReleased: '2026-03-12', toReleased: '2026-04-01' });
  });

  test('runs of one version and several states each say their day; an unlisted version says none', () => {
    const runs = countReleases(versionRuns(seen(['2.1.81', 'no'], ['2.1.95', 'yes'], ['2.2.0', 'yes'])), undefined, times);
    expect(formatRuns(runs)).toBe('2.1.81: no (released 2026-03-12) · 2.1.95–2.2.0: yes (2.1.95 released 2026-04-20)');
    expect(runs[1]).toMatchObject({ fromReleased: '2026-04-20' });
    expect(runs[1]).not.toHaveProperty('toReleased');
  });

  test('without release times a run has no days and its words are as before', () => {
    const runs = countReleases(versionRuns(seen(['2.1.81', 'yes'])), Object.keys(times));
    expect(runs[0]).not.toHaveProperty('fromReleased');
    expect(runsLabel(runs, 'yes')).toBe('since at least 2.1.81 (oldest captured)');
  });
});

describe('briefRunsLabel (the matrix: versions and states only)', () => {
  const times = { '2.1.81': '2026-03-12T18:04:11.250Z', '2.1.90': '2026-04-01T09:00:00Z', '2.1.95': '2026-04-20T09:00:00Z' };
  const published = ['2.1.81', '2.1.85', '2.1.90', '2.1.91', '2.1.95'];
  test('one run in the verdict’s state is since at least its oldest, to its newest, without days or counts', () => {
    const runs = countReleases(versionRuns(seen(['2.1.81', 'yes'], ['2.1.90', 'yes'])), published, times);
    expect(runsLabel(runs, 'yes')).toContain('released 2026-03-12');
    expect(briefRunsLabel(runs, 'yes')).toBe('since at least 2.1.81, to 2.1.90');
    expect(briefRunsLabel(versionRuns(seen(['0.36.0', 'yes'])), 'yes')).toBe('since at least 0.36.0');
  });
  test('runs that change are each shown, with no releases-not-captured between them', () => {
    const runs = countReleases(versionRuns(seen(['2.1.81', 'no'], ['2.1.95', 'yes'])), published, times);
    expect(formatRuns(runs)).toContain('releases not captured');
    expect(briefRunsLabel(runs, 'yes')).toBe('2.1.81: no · 2.1.95: yes');
    expect(briefRunsLabel([], 'yes')).toBeUndefined();
  });
  test("another face's runs are left out, said once, and the cell's own runs either side of them joined", () => {
    const run = (from: string, to: string, state: string, face?: string): CountedRun => ({
      from,
      to,
      state: state as VerdictState,
      captured: [from, to],
      ...(face === undefined ? {} : { face }),
    });
    const face = 'claude -p … --tools ToolSearch (cli, stdio)';
    const runs = [run('1.0.58', '2.1.83', 'no'), run('2.1.84', '2.1.84', 'partial'), run('2.1.85', '2.1.85', 'yes', face)];
    runs.push(run('2.1.87', '2.1.88', 'partial'), run('2.1.91', '2.1.91', 'yes', face), run('2.1.100', '2.1.337', 'partial'));
    expect(briefRunsLabel(runs, 'partial')).toBe('1.0.58–2.1.83: no · 2.1.84–2.1.337: partial · and runs in another face');
    expect(
      briefRunsLabel([{ ...run('0.2.0', '0.3.0', 'yes'), fromIsOldestCaptured: true }, run('0.4.0', '0.4.0', 'no', face)], 'yes'),
    ).toBe('since at least 0.2.0, to 0.3.0 · and runs in another face');
    expect(briefRunsLabel([run('0.4.0', '0.4.0', 'no', face)], 'no')).toBe('runs in another face only');
  });
});

describe('runsLabel', () => {
  test.each([
    [
      'one run in the verdict’s state is since at least its oldest, to its newest',
      seen(['1.0.11', 'yes'], ['1.0.102', 'yes']),
      'yes',
      'since at least 1.0.11 (oldest captured), to 1.0.102',
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
