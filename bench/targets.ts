/** Issue 10's targets, judged from the summaries the bench computed. */
import type { LighthouseMeasurement, LighthouseRun } from './lighthouse.ts';
import type { SizeSummary } from './report.ts';
import type { AxisPoint } from './captures-axis.ts';
import { kb, mib, millis, seconds } from './units.ts';

export interface Target {
  /** Notes in the generated corpus; 'own' for the site built from its own content. */
  /** Or, for the captures axis, `<notes>+<captures> <generator>`. */
  size: number | string;
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
  for (const { size, stats } of summaries) {
    // Issue 31: the site's first typed search against Pagefind's own default UI on the same notes.
    const bytes = stats['typedBytesRatio']?.max;
    const ms = stats['typedMsRatio']?.median;
    const focused = stats['typedSiteFocusedMs']?.median;
    const over = stats['peakOverPagefind']?.max;
    targets.push(
      {
        size,
        what: '/search ÷ Pagefind UI, typed, cold cache: all bytes (max)',
        limit: '≤ 0.8×',
        measured: bytes
          ? `${bytes.toFixed(2)}× (${kb(stats['typedSiteBytes']?.max ?? 0)} vs ${kb(stats['typedUiBytes']?.max ?? 0)})`
          : 'n/a',
        pass: bytes ? bytes <= 0.8 : undefined,
      },
      {
        size,
        what: '/search ÷ Pagefind UI, typed: last key → results (median)',
        limit: '≤ 0.8×',
        measured: ms
          ? `${ms.toFixed(2)}× (${millis(stats['typedSiteMs']?.median ?? 0)} vs ${millis(stats['typedUiMs']?.median ?? 0)})`
          : 'n/a',
        pass: ms ? ms <= 0.8 : undefined,
      },
      {
        size,
        what: '/search focused 1 s before typing: last key → results (median)',
        limit: '≤ 250 ms',
        measured: focused ? millis(focused) : 'n/a',
        pass: focused ? focused <= 250 : undefined,
      },
      {
        size,
        what: 'peak RSS of the build − Pagefind CLI alone on the same notes (max)',
        limit: '≤ 0.5 GiB',
        measured: over === undefined ? 'n/a' : mib(over),
        pass: over === undefined ? undefined : over <= 0.5 * 1024 ** 3,
      },
    );
  }
  if (lighthouse) targets.push(...lighthouseTargets(lighthouse));
  return targets;
};

const GIB = 1024 ** 3;
const CAPTURE_PAGE_BYTES = 200_000;
const CLOUDFLARE_FILES = 20_000;

/**
 * Issue 31's targets for the captures axis, per generator, at the largest notes size measured and
 * its largest capture count (10,000 beside 5,000 notes): cold build ≤ 2× the notes alone (CPU, the
 * steadier figure on a shared machine, beside wall), peak < 2.5 GiB, a one-capture rebuild ≤ 0.3×
 * cold, no page over 200 KB and under 20,000 files for Cloudflare Pages.
 */
export const captureTargets = (points: readonly AxisPoint[]): Target[] => {
  const targets: Target[] = [];
  for (const generator of new Set(points.map((point) => point.generator))) {
    const mine = points.filter((point) => point.generator === generator);
    const notes = Math.max(...mine.map((point) => point.notes));
    const at = mine.filter((point) => point.notes === notes);
    const most = Math.max(...at.map((point) => point.captures));
    const full = at.filter((point) => point.captures === most);
    // The notes alone are the same build whichever generator made the captures beside them.
    const own = at.filter((point) => point.captures === 0);
    const alone = own.length > 0 ? own : points.filter((point) => point.notes === notes && point.captures === 0);
    const size = `${notes}+${most} ${generator}`;
    const med = (values: number[]) => median(values.filter((value) => Number.isFinite(value)));
    const fullCpu = med(full.map((point) => point.cold.cpuMs ?? Number.NaN));
    const aloneCpu = med(alone.map((point) => point.cold.cpuMs ?? Number.NaN));
    const fullWall = med(full.map((point) => point.cold.wallMs));
    const aloneWall = med(alone.map((point) => point.cold.wallMs));
    const ratio = fullCpu !== undefined && aloneCpu !== undefined ? fullCpu / aloneCpu : undefined;
    targets.push({
      size,
      what: `cold build with ${most} captures ÷ notes alone (CPU; wall beside)`,
      limit: '≤ 2×',
      measured:
        ratio === undefined
          ? 'n/a'
          : `${ratio.toFixed(2)}× CPU (${seconds(fullCpu ?? 0)} vs ${seconds(aloneCpu ?? 0)}); wall ${((fullWall ?? 0) / (aloneWall ?? 1)).toFixed(2)}×`,
      pass: ratio === undefined ? undefined : ratio <= 2,
    });
    const peak = Math.max(...full.map((point) => point.cold.peakTreeRssBytes));
    targets.push({ size, what: 'peak memory, tree sum (max)', limit: '< 2.5 GiB', measured: mib(peak), pass: peak < 2.5 * GIB });
    const rebuilds = full.flatMap((point) =>
      point.rebuild?.cpuMs !== undefined && point.cold.cpuMs !== undefined ? [point.rebuild.cpuMs / point.cold.cpuMs] : [],
    );
    const rebuildRatio = med(rebuilds);
    const wallRatio = med(full.flatMap((point) => (point.rebuild ? [point.rebuild.wallMs / point.cold.wallMs] : [])));
    targets.push({
      size,
      what: 'one-capture rebuild ÷ cold (CPU; wall beside)',
      limit: '≤ 0.3×',
      measured: rebuildRatio === undefined ? 'n/a' : `${rebuildRatio.toFixed(2)}× CPU; wall ${(wallRatio ?? 0).toFixed(2)}×`,
      pass: rebuildRatio === undefined ? undefined : rebuildRatio <= 0.3,
    });
    const largest = full.flatMap((point) => point.largest.slice(0, 1)).sort((a, b) => b.bytes - a.bytes)[0];
    targets.push({
      size,
      what: 'largest HTML page',
      limit: '≤ 200 KB',
      measured: largest ? `${kb(largest.bytes)} (${largest.file})` : 'n/a',
      pass: largest ? largest.bytes <= CAPTURE_PAGE_BYTES : undefined,
    });
    const files = Math.max(...full.map((point) => point.cloudflareFiles ?? point.files));
    targets.push({
      size,
      what: 'files of the deployable site, DEPLOY_HOST=cloudflare',
      limit: '< 20,000',
      measured: String(files),
      pass: files < CLOUDFLARE_FILES,
    });
  }
  return targets;
};
