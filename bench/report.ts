/**
 * The benchmark's results: what one run measures, medians and ranges per size, the targets
 * (PASS/MISS), and the table `npm run bench` prints.
 */
import type { FloorTimings } from './floor.ts';
import type { ProcessStats } from './measure.ts';
import type { Phases } from './phases.ts';
import type { DevMeasurement } from './dev.ts';
import type { LighthouseMeasurement } from './lighthouse.ts';
import type { SearchMeasurement, TypedSearch } from './search.ts';
import type { Target } from './targets.ts';
import type { AxisBuild, AxisPoint } from './captures-axis.ts';
import { kb, mib, millis, seconds } from './units.ts';

export interface DirSize {
  bytes: number;
  files: number;
  /** The largest `.html` file (the page that grows with the corpus, if one does). */
  largestHtml?: { bytes: number; file: string };
}

/** Hugo + Pagefind on the same notes, measured in the same run as the project's build. */
export interface ReferenceMeasured {
  hugo: Measured;
  pagefind: Measured;
  pagefindPages: number | undefined;
  /**
   * The same first search on Hugo + Pagefind's site (its bytes and time): what Pagefind itself
   * fetches for these notes. Absent in results written before it was measured, or with --no-search.
   */
  search?: SearchMeasurement | { skipped: string };
}

export interface Measured {
  wallMs: number;
  cpuMs: number | undefined;
  cpuSource: ProcessStats['cpuSource'];
  /** CPU of the Pagefind service process alone (from the /proc samples). */
  pagefindCpuMs: number;
  peakTreeRssBytes: number;
  /** At the tree's peak, RSS by process name (node's main thread shows as MainThread). */
  rssAtPeakByCommand: Record<string, number>;
  maxProcessRssBytes: number | undefined;
  loadAverage: number;
}

export interface BuildMeasured extends Measured {
  phases: Phases | undefined;
  /** The build's log without the per-route lines, each with its arrival time (ms). */
  log: string[];
}

export interface RunResult {
  run: number;
  check: Measured;
  cold: BuildMeasured;
  dist: DirSize;
  pagefind: DirSize;
  floor: Measured & { timings: FloorTimings | undefined };
  rebuild: BuildMeasured & { editedNote: string };
  search: SearchMeasurement | { skipped: string };
  /** Absent in results written before the dev server was measured. */
  dev?: (DevMeasurement & { loadAverage: number }) | { skipped: string };
  /** Absent in results written before the reference row existed. */
  reference?: ReferenceMeasured | { skipped: string };
  /**
   * A reader typing into the site's /search and into Pagefind's own default UI on the reference's
   * site (cold cache, typed at once and focused a second before). Absent before issue 31.
   */
  typed?: { site?: { now: TypedSearch; focused: TypedSearch }; pagefindUi?: { now: TypedSearch; focused: TypedSearch } };
}

export interface Stat {
  median: number;
  min: number;
  max: number;
}

const stat3 = (numbers: (number | undefined)[]): Stat | undefined => {
  const list = numbers.filter((value): value is number => value !== undefined && Number.isFinite(value)).sort((a, b) => a - b);
  if (list.length === 0) return undefined;
  const middle = Math.floor(list.length / 2);
  const median = list.length % 2 ? (list[middle] as number) : ((list[middle - 1] as number) + (list[middle] as number)) / 2;
  return { median, min: list[0] as number, max: list.at(-1) as number };
};

const show = (value: Stat | undefined, unit: (n: number) => string) => {
  if (!value) return 'n/a';
  if (value.min === value.max) return unit(value.median);
  return `${unit(value.median)} (${unit(value.min)}–${unit(value.max)})`;
};

export interface SizeSummary {
  size: number;
  bodyWordsPerNote: number;
  /** Which generator made the notes (bench/corpus.ts); absent in results from before there were two: uniform. */
  corpus?: string;
  runs: RunResult[];
  stats: Record<string, Stat | undefined>;
}

const referenceOf = (run: RunResult) => (run.reference && 'hugo' in run.reference ? run.reference : undefined);
const referenceWall = (run: RunResult) => {
  const reference = referenceOf(run);
  return reference ? reference.hugo.wallMs + reference.pagefind.wallMs : undefined;
};
const referenceCpu = (run: RunResult) => {
  const reference = referenceOf(run);
  return reference?.hugo.cpuMs !== undefined && reference.pagefind.cpuMs !== undefined
    ? reference.hugo.cpuMs + reference.pagefind.cpuMs
    : undefined;
};

const devOf = (run: RunResult) => (run.dev && 'editMs' in run.dev ? run.dev : undefined);
const median = (numbers: number[]) => stat3(numbers)?.median;

const searched = (run: RunResult) => ('transfer' in run.search ? run.search : undefined);
const referenceSearched = (run: RunResult) => {
  const search = referenceOf(run)?.search;
  return search && 'transfer' in search ? search : undefined;
};
const uiOf = (run: RunResult) => {
  const ui = searched(run)?.ui;
  return ui && 'ms' in ui ? ui : undefined;
};

export const summarise = (size: number, bodyWordsPerNote: number, results: RunResult[]): SizeSummary => {
  const pick = (fn: (run: RunResult) => number | undefined) => stat3(results.map(fn));
  const phase = (key: keyof Phases, which: 'cold' | 'rebuild' = 'cold') => pick((run) => run[which].phases?.[key]);
  return {
    size,
    bodyWordsPerNote,
    runs: results,
    stats: {
      checkWall: pick((run) => run.check.wallMs),
      checkCpu: pick((run) => run.check.cpuMs),
      buildWall: pick((run) => run.cold.wallMs),
      buildCpu: pick((run) => run.cold.cpuMs),
      buildPagefindCpu: pick((run) => run.cold.pagefindCpuMs),
      buildTreeRss: pick((run) => run.cold.peakTreeRssBytes),
      buildProcessRss: pick((run) => run.cold.maxProcessRssBytes),
      referenceWall: pick(referenceWall),
      referenceCpu: pick(referenceCpu),
      referenceHugoWall: pick((run) => referenceOf(run)?.hugo.wallMs),
      referencePagefindWall: pick((run) => referenceOf(run)?.pagefind.wallMs),
      referenceRss: pick((run) => {
        const reference = referenceOf(run);
        return reference ? Math.max(reference.hugo.peakTreeRssBytes, reference.pagefind.peakTreeRssBytes) : undefined;
      }),
      referenceRatioWall: pick((run) => {
        const wall = referenceWall(run);
        return wall ? run.cold.wallMs / wall : undefined;
      }),
      referenceRatioCpu: pick((run) => {
        const cpu = referenceCpu(run);
        return cpu && run.cold.cpuMs ? run.cold.cpuMs / cpu : undefined;
      }),
      rebuildRatio: pick((run) => run.rebuild.wallMs / run.cold.wallMs),
      largestHtml: pick((run) => run.dist.largestHtml?.bytes),
      distBytes: pick((run) => run.dist.bytes),
      distFiles: pick((run) => run.dist.files),
      pagefindBytes: pick((run) => run.pagefind.bytes),
      pagefindFiles: pick((run) => run.pagefind.files),
      floorWall: pick((run) => run.floor.wallMs),
      floorCpu: pick((run) => run.floor.cpuMs),
      floorRender: pick((run) => run.floor.timings?.renderMs),
      ratioWall: pick((run) => run.cold.wallMs / run.floor.wallMs),
      ratioCpu: pick((run) => (run.cold.cpuMs && run.floor.cpuMs ? run.cold.cpuMs / run.floor.cpuMs : undefined)),
      rebuildWall: pick((run) => run.rebuild.wallMs),
      rebuildCpu: pick((run) => run.rebuild.cpuMs),
      rebuildTreeRss: pick((run) => run.rebuild.peakTreeRssBytes),
      searchBytes: pick((run) => searched(run)?.transfer.bytes),
      searchRequests: pick((run) => searched(run)?.transfer.requests),
      searchMs: pick((run) => searched(run)?.searchMs),
      searchTotalMs: pick((run) => searched(run)?.totalMs),
      searchWarmMs: pick((run) => searched(run)?.warmSearchMs),
      searchGzipBytes: pick((run) => searched(run)?.transfer.gzipBytes),
      searchResults: pick((run) => searched(run)?.results),
      referenceSearchBytes: pick((run) => referenceSearched(run)?.transfer.bytes),
      referenceSearchMs: pick((run) => referenceSearched(run)?.searchMs),
      uiMs: pick((run) => uiOf(run)?.ms),
      uiBytes: pick((run) => uiOf(run)?.transfer.bytes),
      typedSiteMs: pick((run) => run.typed?.site?.now.ms),
      typedSiteBytes: pick((run) => run.typed?.site?.now.bytes),
      typedSiteFocusedMs: pick((run) => run.typed?.site?.focused.ms),
      typedUiMs: pick((run) => run.typed?.pagefindUi?.now.ms),
      typedUiBytes: pick((run) => run.typed?.pagefindUi?.now.bytes),
      typedUiFocusedMs: pick((run) => run.typed?.pagefindUi?.focused.ms),
      typedBytesRatio: pick((run) =>
        run.typed?.site && run.typed.pagefindUi ? run.typed.site.now.bytes / run.typed.pagefindUi.now.bytes : undefined,
      ),
      typedMsRatio: pick((run) =>
        run.typed?.site && run.typed.pagefindUi ? run.typed.site.now.ms / run.typed.pagefindUi.now.ms : undefined,
      ),
      referencePagefindRss: pick((run) => referenceOf(run)?.pagefind.peakTreeRssBytes),
      peakOverPagefind: pick((run) => {
        const reference = referenceOf(run);
        return reference ? run.cold.peakTreeRssBytes - reference.pagefind.peakTreeRssBytes : undefined;
      }),
      devFirstPageMs: pick((run) => devOf(run)?.firstPageMs),
      // Each run's median edit, so one slow save does not stand for the run.
      devEditMs: pick((run) => median(devOf(run)?.editMs ?? [])),
      devLoadAverage: pick((run) => devOf(run)?.loadAverage),
      loadAverage: pick((run) => run.cold.loadAverage),
      phaseStartup: phase('startupAndValidationMs'),
      phaseContent: phase('contentSyncMs'),
      phaseTypes: phase('typesAndSetupMs'),
      phaseBundle: phase('bundleMs'),
      phasePages: phase('pagesMs'),
      phasePagefind: phase('pagefindMs'),
      phaseFinish: phase('finishMs'),
      rebuildStartup: phase('startupAndValidationMs', 'rebuild'),
      rebuildContent: phase('contentSyncMs', 'rebuild'),
      rebuildPages: phase('pagesMs', 'rebuild'),
      rebuildPagefind: phase('pagefindMs', 'rebuild'),
    },
  };
};

export const printTable = (summaries: SizeSummary[], targets: Target[], lighthouse?: LighthouseMeasurement) => {
  const rows: [string, (s: SizeSummary) => string][] = [
    ['notes (words/note, corpus)', (s) => `${s.size} (${s.bodyWordsPerNote}, ${s.corpus ?? 'uniform'})`],
    ['load average at build start', (s) => show(s.stats['loadAverage'], (n) => n.toFixed(1))],
    ['npm run check, wall', (s) => show(s.stats['checkWall'], seconds)],
    ['npm run check, CPU', (s) => show(s.stats['checkCpu'], seconds)],
    ['Hugo + Pagefind (reference), wall', (s) => show(s.stats['referenceWall'], seconds)],
    [
      '  Hugo / Pagefind CLI, wall',
      (s) => `${show(s.stats['referenceHugoWall'], seconds)} / ${show(s.stats['referencePagefindWall'], seconds)}`,
    ],
    ['Hugo + Pagefind, CPU', (s) => show(s.stats['referenceCpu'], seconds)],
    ['Hugo + Pagefind, peak RSS (larger step)', (s) => show(s.stats['referenceRss'], mib)],
    ['cold build, wall', (s) => show(s.stats['buildWall'], seconds)],
    ['cold build ÷ Hugo + Pagefind (wall)', (s) => show(s.stats['referenceRatioWall'], (n) => `${n.toFixed(2)}×`)],
    ['cold build ÷ Hugo + Pagefind (CPU)', (s) => show(s.stats['referenceRatioCpu'], (n) => `${n.toFixed(2)}×`)],
    ['cold build, CPU (user+sys, tree)', (s) => show(s.stats['buildCpu'], seconds)],
    ['  of which the Pagefind process', (s) => show(s.stats['buildPagefindCpu'], seconds)],
    ['cold build, peak RSS (tree sum)', (s) => show(s.stats['buildTreeRss'], mib)],
    ['cold build, max RSS (one process)', (s) => show(s.stats['buildProcessRss'], mib)],
    ['  startup + validation', (s) => show(s.stats['phaseStartup'], seconds)],
    ['  content sync (loader, Markdown)', (s) => show(s.stats['phaseContent'], seconds)],
    ['  types + setup', (s) => show(s.stats['phaseTypes'], seconds)],
    ['  vite bundle', (s) => show(s.stats['phaseBundle'], seconds)],
    ['  page generation', (s) => show(s.stats['phasePages'], seconds)],
    ['  pagefind', (s) => show(s.stats['phasePagefind'], seconds)],
    ['  finish (swap dist)', (s) => show(s.stats['phaseFinish'], seconds)],
    ['largest HTML page', (s) => show(s.stats['largestHtml'], kb)],
    ['dist/ size (files)', (s) => `${show(s.stats['distBytes'], mib)} (${s.stats['distFiles']?.median ?? 'n/a'})`],
    [
      'dist/pagefind size (files)',
      (s) => `${show(s.stats['pagefindBytes'], mib)} (${s.stats['pagefindFiles']?.median ?? 'n/a'})`,
    ],
    ['floor, wall', (s) => show(s.stats['floorWall'], seconds)],
    ['floor, CPU', (s) => show(s.stats['floorCpu'], seconds)],
    ['build / floor (wall)', (s) => show(s.stats['ratioWall'], (n) => `${n.toFixed(1)}×`)],
    ['build / floor (CPU)', (s) => show(s.stats['ratioCpu'], (n) => `${n.toFixed(1)}×`)],
    ['one-note edit rebuild, wall', (s) => show(s.stats['rebuildWall'], seconds)],
    ['  rebuild ÷ cold (wall)', (s) => show(s.stats['rebuildRatio'], (n) => `${n.toFixed(2)}×`)],
    ['one-note edit rebuild, CPU', (s) => show(s.stats['rebuildCpu'], seconds)],
    ['  rebuild: startup + validation', (s) => show(s.stats['rebuildStartup'], seconds)],
    ['  rebuild: content sync', (s) => show(s.stats['rebuildContent'], seconds)],
    ['  rebuild: page generation', (s) => show(s.stats['rebuildPages'], seconds)],
    ['  rebuild: pagefind', (s) => show(s.stats['rebuildPagefind'], seconds)],
    ['first search (JS API): Pagefind bytes', (s) => show(s.stats['searchBytes'], kb)],
    ['first search: bytes if host gzips JS', (s) => show(s.stats['searchGzipBytes'], kb)],
    ['first search: requests', (s) => show(s.stats['searchRequests'], (n) => String(n))],
    ['first search: search() → results', (s) => show(s.stats['searchMs'], millis)],
    ['first search: import + search', (s) => show(s.stats['searchTotalMs'], millis)],
    ['first search: matches', (s) => show(s.stats['searchResults'], (n) => String(n))],
    ['Hugo + Pagefind, first search: bytes', (s) => show(s.stats['referenceSearchBytes'], kb)],
    ['Hugo + Pagefind, first search: search() → results', (s) => show(s.stats['referenceSearchMs'], millis)],
    ['second search (warm) → results', (s) => show(s.stats['searchWarmMs'], millis)],
    ['search page: type → results', (s) => show(s.stats['uiMs'], millis)],
    ['search page: Pagefind bytes', (s) => show(s.stats['uiBytes'], kb)],
    [
      'typed, /search: last key → results; all bytes',
      (s) => `${show(s.stats['typedSiteMs'], millis)}; ${show(s.stats['typedSiteBytes'], kb)}`,
    ],
    [
      'typed, Pagefind UI (Hugo): last key → results; all bytes',
      (s) => `${show(s.stats['typedUiMs'], millis)}; ${show(s.stats['typedUiBytes'], kb)}`,
    ],
    [
      '  /search ÷ Pagefind UI: time; bytes',
      (s) =>
        `${show(s.stats['typedMsRatio'], (n) => `${n.toFixed(2)}×`)}; ${show(s.stats['typedBytesRatio'], (n) => `${n.toFixed(2)}×`)}`,
    ],
    [
      'focused 1 s, then typed: /search; Pagefind UI',
      (s) => `${show(s.stats['typedSiteFocusedMs'], millis)}; ${show(s.stats['typedUiFocusedMs'], millis)}`,
    ],
    [
      'peak RSS: build − Pagefind CLI alone (Hugo pages)',
      (s) => `${show(s.stats['peakOverPagefind'], mib)} (CLI ${show(s.stats['referencePagefindRss'], mib)})`,
    ],
    ['npm run dev: start → first note page', (s) => show(s.stats['devFirstPageMs'], seconds)],
    ['npm run dev: save a note → page shows it', (s) => show(s.stats['devEditMs'], millis)],
    ['  load average when dev started', (s) => show(s.stats['devLoadAverage'], (n) => n.toFixed(1))],
  ];
  const header = ['metric', ...summaries.map((s) => `${s.size} notes`)];
  const body = rows.map(([label, fn]) => [label, ...summaries.map(fn)]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
  console.log('');
  if (lighthouse) {
    for (const formFactor of ['mobile', 'desktop'] as const) {
      const runs = lighthouse[formFactor]
        .map(
          (run) =>
            `${run.performance} (CLS ${run.cumulativeLayoutShift.toFixed(3)}, FCP ${millis(run.firstContentfulPaintMs)}, LCP ${millis(run.largestContentfulPaintMs)}, TBT ${millis(run.totalBlockingTimeMs)})`,
        )
        .join('; ');
      console.log(`Lighthouse ${lighthouse.lighthouseVersion} ${formFactor}, ${lighthouse.path} on the own content: ${runs}`);
    }
    console.log('');
  }
  for (const target of targets) {
    const verdict = target.pass === undefined ? 'N/A ' : target.pass ? 'PASS' : 'MISS';
    console.log(`${verdict}  ${String(target.size).padEnd(5)} ${target.what}: ${target.measured} (target ${target.limit})`);
  }
};

/** The captures axis's table: one column per point (notes + captures, generator). */
export const printAxis = (points: readonly AxisPoint[]) => {
  const cpu = (build: AxisBuild | undefined) => (build?.cpuMs === undefined ? 'n/a' : seconds(build.cpuMs));
  const rows: [string, (point: AxisPoint) => string][] = [
    ['generator; sessions with model events', (p) => `${p.generator}; ${p.sessions ? 'yes' : 'handshakes only'}`],
    ['capture files (MiB)', (p) => `${p.captures} (${mib(p.captureBytes)})`],
    ['load average at cold build', (p) => p.cold.loadAverage.toFixed(1)],
    ['cold build: wall / CPU', (p) => `${seconds(p.cold.wallMs)} / ${cpu(p.cold)}`],
    ['  of which Pagefind CPU', (p) => seconds(p.cold.pagefindCpuMs)],
    ['  page generation', (p) => (p.cold.phases?.pagesMs === undefined ? 'n/a' : seconds(p.cold.phases.pagesMs))],
    ['cold build: peak RSS (tree)', (p) => mib(p.cold.peakTreeRssBytes)],
    [
      'one-capture rebuild: wall / CPU (load)',
      (p) => (p.rebuild ? `${seconds(p.rebuild.wallMs)} / ${cpu(p.rebuild)} (${p.rebuild.loadAverage.toFixed(1)})` : 'n/a'),
    ],
    [
      '  rebuild ÷ cold: wall / CPU',
      (p) =>
        p.rebuild
          ? `${(p.rebuild.wallMs / p.cold.wallMs).toFixed(2)}× / ${p.rebuild.cpuMs && p.cold.cpuMs ? (p.rebuild.cpuMs / p.cold.cpuMs).toFixed(2) : 'n/a'}×`
          : 'n/a',
    ],
    ['files written (DEPLOY_HOST=cloudflare)', (p) => `${p.files} (${mib(p.bytes)})`],
    ['largest HTML page', (p) => (p.largest[0] ? `${kb(p.largest[0].bytes)} ${p.largest[0].file}` : 'n/a')],
    [
      'busiest client page (captures)',
      (p) => (p.busiestClient ? `${kb(p.busiestClient.bytes)} (${p.busiestClient.captures})` : 'n/a'),
    ],
    ['captures index', (p) => (p.capturesIndexBytes === undefined ? 'n/a' : kb(p.capturesIndexBytes))],
  ];
  const header = ['metric', ...points.map((p) => `${p.notes} + ${p.captures}`)];
  const body = rows.map(([label, fn]) => [label, ...points.map(fn)]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
  console.log('');
};

/** Targets as PASS/MISS lines. */
export const printTargets = (targets: readonly Target[]) => {
  for (const target of targets) {
    const verdict = target.pass === undefined ? 'N/A ' : target.pass ? 'PASS' : 'MISS';
    console.log(`${verdict}  ${String(target.size).padEnd(5)} ${target.what}: ${target.measured} (target ${target.limit})`);
  }
};
