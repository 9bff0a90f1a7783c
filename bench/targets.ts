/** Issue 10's targets, judged from the summaries the bench computed. */
import type { LighthouseMeasurement, LighthouseRun } from './lighthouse.ts';
import type { SizeSummary } from './report.ts';
import { kb, mib, millis, seconds } from './units.ts';

export interface Target {
  /** Notes in the generated corpus; 'own' for the site built from its own content. */
  size: number | 'all' | 'own';
  what: string;
  limit: string;
  measured: string;
  pass: boolean | undefined;
}

const SEARCH_BYTES = 300_000;
/** The most bytes any HTML page may weigh: the bench checks it on generated notes, the site tests on the own content. */
export const PAGE_BYTES = 150_000;
const PEAK_BYTES = 2e9;

const median = (values: number[]): number | undefined => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? undefined : sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Lighthouse on `/search?q=handshake`: a performance score of 100 and a layout shift ≤ 0.05, per form factor. */
const lighthouseTargets = (measured: LighthouseMeasurement): Target[] =>
  (['mobile', 'desktop'] as const).flatMap((formFactor) => {
    const runs: LighthouseRun[] = measured[formFactor];
    const score = median(runs.map((run) => run.performance));
    const shift = median(runs.map((run) => run.cumulativeLayoutShift));
    return [
      {
        size: 'own' as const,
        what: `Lighthouse ${formFactor}, ${measured.path}: performance (median of ${runs.length})`,
        limit: '100',
        measured: score === undefined ? 'n/a' : String(score),
        pass: score === undefined ? undefined : score === 100,
      },
      {
        size: 'own' as const,
        what: `Lighthouse ${formFactor}, ${measured.path}: cumulative layout shift (median of ${runs.length})`,
        limit: '≤ 0.05',
        measured: shift === undefined ? 'n/a' : shift.toFixed(3),
        pass: shift === undefined ? undefined : shift <= 0.05,
      },
    ];
  });

/** Issue 10's targets, at 5,000 notes; the per-size ones at every size measured; Lighthouse on the own content. */
export const targetsFor = (summaries: SizeSummary[], lighthouse?: LighthouseMeasurement): Target[] => {
  const targets: Target[] = [];
  const five = summaries.find((entry) => entry.size === 5000);
  if (five) {
    const { stats } = five;
    const ratio = stats['referenceRatioWall']?.median;
    const reference = stats['referenceWall']?.median;
    const rss = stats['buildTreeRss']?.max;
    const check = stats['checkWall']?.median;
    const devStart = stats['devFirstPageMs']?.median;
    const devEdit = stats['devEditMs']?.median;
    targets.push(
      {
        size: 5000,
        what: 'cold build ÷ Hugo + Pagefind, same run (median wall)',
        limit: '≤ 1.75× (goal 1.5×)',
        measured: ratio
          ? `${ratio.toFixed(2)}× (${seconds(stats['buildWall']?.median ?? 0)} vs ${seconds(reference ?? 0)})`
          : 'n/a',
        pass: ratio ? ratio <= 1.75 : undefined,
      },
      {
        size: 5000,
        what: 'peak memory of the build process tree, summed (max)',
        limit: '≤ 2 GB',
        measured: rss ? mib(rss) : 'n/a',
        pass: rss ? rss <= PEAK_BYTES : undefined,
      },
      {
        size: 5000,
        what: 'npm run check, median wall',
        limit: '< 5 s',
        measured: check ? seconds(check) : 'n/a',
        pass: check ? check < 5_000 : undefined,
      },
      {
        size: 5000,
        what: 'npm run dev: start → first note page (median)',
        limit: '≤ 15 s',
        measured: devStart ? seconds(devStart) : 'n/a',
        pass: devStart ? devStart <= 15_000 : undefined,
      },
      {
        size: 5000,
        what: 'npm run dev: save a note → its page shows the edit (median)',
        limit: '≤ 2 s',
        measured: devEdit ? millis(devEdit) : 'n/a',
        pass: devEdit ? devEdit <= 2_000 : undefined,
      },
    );
  }
  for (const { size, stats } of summaries) {
    const ratio = stats['rebuildRatio']?.median;
    targets.push({
      size,
      what: 'one-note edit rebuild ÷ cold build (median wall)',
      limit: '≤ 0.5×',
      measured: ratio ? `${ratio.toFixed(2)}× (${seconds(stats['rebuildWall']?.median ?? 0)})` : 'n/a',
      pass: ratio ? ratio <= 0.5 : undefined,
    });
    const largest = stats['largestHtml']?.max;
    targets.push({
      size,
      what: 'largest HTML page (max)',
      limit: '≤ 150 KB',
      measured: largest ? kb(largest) : 'n/a',
      pass: largest ? largest <= PAGE_BYTES : undefined,
    });
    // One budget for the JS API's first search and for a reader typing into /search (its own requests included).
    for (const [label, bytesKey, msKey, what] of [
      ['first search', 'searchBytes', 'searchMs', 'search() → 10 results with data'],
      ['/search', 'uiBytes', 'uiMs', 'typed query → results'],
    ] as const) {
      const bytes = stats[bytesKey]?.max;
      const ms = stats[msKey]?.median;
      targets.push(
        {
          size,
          what: `${label}: Pagefind bytes transferred (max)`,
          limit: '≤ 300 KB',
          measured: bytes ? kb(bytes) : 'n/a',
          pass: bytes ? bytes <= SEARCH_BYTES : undefined,
        },
        {
          size,
          what: `${label}: ${what} (median)`,
          limit: '≤ 500 ms',
          measured: ms ? millis(ms) : 'n/a',
          pass: ms ? ms <= 500 : undefined,
        },
      );
    }
  }
  if (lighthouse) targets.push(...lighthouseTargets(lighthouse));
  return targets;
};
