import { describe, expect, test } from 'vitest';
import type { LighthouseMeasurement, LighthouseRun } from '../bench/lighthouse.ts';
import { targetsFor } from '../bench/targets.ts';

const run = (performance: number, cumulativeLayoutShift: number): LighthouseRun => ({
  performance,
  cumulativeLayoutShift,
  firstContentfulPaintMs: 900,
  largestContentfulPaintMs: 1500,
  totalBlockingTimeMs: 0,
});

const measured = (mobile: LighthouseRun[], desktop: LighthouseRun[]): LighthouseMeasurement => ({
  path: '/search?q=handshake',
  lighthouseVersion: '13.5.0',
  mobile,
  desktop,
});

const verdicts = (lighthouse: LighthouseMeasurement) =>
  Object.fromEntries(targetsFor([], lighthouse).map((target) => [target.what.replace(/ \(median of \d\)$/, ''), target.pass]));

describe("the bench's Lighthouse targets (issue 10: performance 100, layout shift ≤ 0.05)", () => {
  test('judge the median run of each form factor', () => {
    const judged = verdicts(measured([run(100, 0), run(98, 0.2), run(100, 0.01)], [run(100, 0.06), run(99, 0.07), run(100, 0)]));
    expect(judged).toEqual({
      'Lighthouse mobile, /search?q=handshake: performance': true,
      'Lighthouse mobile, /search?q=handshake: cumulative layout shift': true,
      'Lighthouse desktop, /search?q=handshake: performance': true,
      'Lighthouse desktop, /search?q=handshake: cumulative layout shift': false,
    });
  });

  test('a score of 99 misses; no runs is not a pass', () => {
    expect(verdicts(measured([run(99, 0)], []))).toEqual({
      'Lighthouse mobile, /search?q=handshake: performance': false,
      'Lighthouse mobile, /search?q=handshake: cumulative layout shift': true,
      'Lighthouse desktop, /search?q=handshake: performance': undefined,
      'Lighthouse desktop, /search?q=handshake: cumulative layout shift': undefined,
    });
  });

  test('without a Lighthouse measurement there are no Lighthouse targets', () => {
    expect(targetsFor([]).filter((target) => target.what.startsWith('Lighthouse'))).toEqual([]);
  });
});
