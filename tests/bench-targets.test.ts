import { describe, expect, test } from 'vitest';
import type { LighthouseMeasurement, LighthouseRun } from '../bench/lighthouse.ts';
import { captureTargets, targetsFor } from '../bench/targets.ts';
import type { AxisPoint } from '../bench/captures-axis.ts';

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

describe("the bench's captures-axis targets (issue 31)", () => {
  const build = (cpuMs: number, peakTreeRssBytes = 2e9) => ({
    wallMs: cpuMs * 2,
    cpuMs,
    peakTreeRssBytes,
    pagefindCpuMs: 0,
    loadAverage: 1,
    phases: undefined,
  });
  const point = (
    captures: number,
    generator: 'bench' | 'independent',
    cold: number,
    rebuild?: number,
    page = 100_000,
    files = 15_000,
  ): AxisPoint => ({
    notes: 5000,
    captures,
    generator,
    sessions: true,
    captureBytes: 0,
    cold: build(cold),
    ...(rebuild === undefined ? {} : { rebuild: build(rebuild) }),
    files,
    bytes: 0,
    largest: [{ file: 'captures.html', bytes: page }],
    cloudflareFiles: files,
  });
  const verdicts = (points: AxisPoint[]) =>
    Object.fromEntries(captureTargets(points).map((target) => [`${target.size}: ${target.what}`, target.pass]));

  test('judge 10,000 captures against the notes alone, per generator, the notes-alone build shared', () => {
    const judged = verdicts([
      point(0, 'bench', 100),
      point(10000, 'bench', 190, 50, 150_000, 19_999),
      point(10000, 'independent', 210, 70, 250_000, 35_000),
    ]);
    expect(
      Object.entries(judged)
        .filter(([what]) => what.includes(' bench'))
        .map(([, pass]) => pass),
    ).toEqual([true, true, true, true, true]);
    expect(
      Object.entries(judged)
        .filter(([what]) => what.includes('independent'))
        .map(([, pass]) => pass),
    ).toEqual([false, true, false, false, false]);
  });
});
