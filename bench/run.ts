/**
 * `npm run bench [-- --sizes 1000,5000 --runs 3 --keep --query "..."]`
 *
 * Generates seeded synthetic corpora in a temporary folder and, per size and run, measures
 * `npm run check`, a cold full build (wall, CPU of the process tree, peak RSS of the tree, phase
 * split from the build log), the output's size, the floor (parse + render the same notes with no
 * framework), a rebuild after editing one note, and the first search in Chromium. Prints a table
 * with PASS/MISS against the targets and writes bench/results.json.
 */
import { readFile, rm, stat, readdir, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from '../src/lib/paths.ts';
import { BENCH_BUILD_DATE, writeCorpus, type Corpus } from './corpus.ts';
import type { FloorTimings } from './floor.ts';
import { hasGnuTime, measure, outputOf, type LogLine, type ProcessStats } from './measure.ts';
import { measureSearch, type SearchMeasurement } from './search.ts';

// ---------------------------------------------------------------------------------------------
// Arguments

const { values } = parseArgs({
  options: {
    sizes: { type: 'string', default: '1000,5000' },
    runs: { type: 'string', default: '3' },
    query: { type: 'string', default: 'handshake fallback' },
    keep: { type: 'boolean', default: false },
    'no-search': { type: 'boolean', default: false },
  },
  allowPositionals: false,
});
const sizes = values.sizes.split(',').map((size) => Number(size.trim()));
const runs = Number(values.runs);
if (sizes.some((size) => !Number.isInteger(size) || size < 2) || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: npm run bench -- [--sizes 1000,5000] [--runs 3] [--query "words"] [--keep] [--no-search]');
  process.exit(2);
}

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8').catch(() => '0')).split(' ')[0]);

// ---------------------------------------------------------------------------------------------
// Build log → phases

export interface Phases {
  /** Node start, `npm run build`'s own validation, Astro's config and server start. */
  startupAndValidationMs: number;
  /** Astro content sync: the loader (read, validate again, git dates, render Markdown, store). */
  contentSyncMs: number;
  /** Type generation and build info. */
  typesAndSetupMs: number;
  /** Vite bundling the pages. */
  bundleMs: number;
  /** Generating every static route (HTML pages, twins, feeds). */
  pagesMs: number;
  /** Pagefind indexing (astro:build:done). */
  pagefindMs: number;
  /** From Pagefind's end to exit: swapping the staging folder into place. */
  finishMs: number;
  pagefindPages: number | undefined;
  /** What Astro itself reports for route generation. */
  astroReportedPagesMs: number | undefined;
}

const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

export const phasesOf = (lines: LogLine[], wallMs: number): Phases | undefined => {
  const clean = lines.map((line) => ({ at: line.at, text: stripAnsi(line.text) }));
  const find = (pattern: RegExp, after = 0) => clean.findIndex((line, index) => index >= after && pattern.test(line.text));
  const syncing = find(/\[content\] Syncing content/);
  const synced = find(/\[content\] Synced content/, syncing);
  const entrypoints = find(/Building static entrypoints/, synced);
  const routes = find(/generating static routes/, entrypoints);
  const routesDone = find(/^(?!.*\[build\]).*✓ Completed in/, routes);
  const indexed = find(/pagefind: indexed \d+/, routesDone);
  if ([syncing, synced, entrypoints, routes, routesDone, indexed].some((index) => index < 0)) return undefined;
  const at = (index: number) => clean[index]?.at ?? 0;
  const reported = /Completed in ([\d.]+)(ms|s)/.exec(clean[routesDone]?.text ?? '');
  return {
    startupAndValidationMs: at(syncing),
    contentSyncMs: at(synced) - at(syncing),
    typesAndSetupMs: at(entrypoints) - at(synced),
    bundleMs: at(routes) - at(entrypoints),
    pagesMs: at(routesDone) - at(routes),
    pagefindMs: at(indexed) - at(routesDone),
    finishMs: wallMs - at(indexed),
    pagefindPages: Number(/indexed (\d+)/.exec(clean[indexed]?.text ?? '')?.[1]),
    astroReportedPagesMs: reported ? Number(reported[1]) * (reported[2] === 's' ? 1000 : 1) : undefined,
  };
};

// ---------------------------------------------------------------------------------------------
// Output size

interface DirSize {
  bytes: number;
  files: number;
}

const dirSize = async (dir: string): Promise<DirSize> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
    files += 1;
  }
  return { bytes, files };
};

// ---------------------------------------------------------------------------------------------
// One run

interface Measured {
  wallMs: number;
  cpuMs: number | undefined;
  cpuSource: ProcessStats['cpuSource'];
  peakTreeRssBytes: number;
  maxProcessRssBytes: number | undefined;
  loadAverage: number;
}

interface BuildMeasured extends Measured {
  phases: Phases | undefined;
  /** The build's log without the per-route lines, each with its arrival time (ms). */
  log: string[];
}

const buildLog = (lines: LogLine[]) =>
  lines
    .map((line) => ({ at: line.at, text: stripAnsi(line.text) }))
    .filter((line) => line.text.trim() !== '' && !/[├└]─/.test(line.text))
    .map((line) => `${(line.at / 1000).toFixed(2).padStart(7)} ${line.text}`);

interface RunResult {
  run: number;
  check: Measured;
  cold: BuildMeasured;
  dist: DirSize;
  pagefind: DirSize;
  floor: Measured & { timings: FloorTimings | undefined };
  rebuild: BuildMeasured & { editedNote: string };
  search: SearchMeasurement | { skipped: string };
}

const summary = (stats: ProcessStats, load: number): Measured => ({
  wallMs: stats.wallMs,
  cpuMs: stats.cpuMs,
  cpuSource: stats.cpuSource,
  peakTreeRssBytes: stats.peakTreeRssBytes,
  maxProcessRssBytes: stats.maxProcessRssBytes,
  loadAverage: load,
});

const expectSuccess = (what: string, stats: ProcessStats) => {
  if (stats.exitCode !== 0) throw new Error(`${what} failed (exit ${stats.exitCode}):\n${outputOf(stats)}`);
};

const runOnce = async (run: number, size: number, corpus: Corpus, work: string): Promise<RunResult> => {
  const outDir = path.join(work, 'dist');
  const cacheDir = path.join(work, 'cache');
  const env = {
    ...process.env,
    CONTENT_DIR: corpus.dir,
    OUT_DIR: outDir,
    ASTRO_CACHE_DIR: cacheDir,
    BUILD_DATE: BENCH_BUILD_DATE,
    // Telemetry is network noise, not build work.
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const node = process.execPath;
  const options = { cwd: repoRoot, env };
  const tag = `${size} notes, run ${run}/${runs}`;

  log(`${tag}: npm run check`);
  const checkLoad = await loadAverage();
  const check = await measure(node, [path.join(repoRoot, 'src/cli/check.ts')], options);
  expectSuccess('npm run check', check);

  log(`${tag}: cold build`);
  await rm(cacheDir, { recursive: true, force: true });
  const coldLoad = await loadAverage();
  const cold = await measure(node, [path.join(repoRoot, 'src/cli/build.ts')], options);
  expectSuccess('cold build', cold);
  const coldResult: BuildMeasured = {
    ...summary(cold, coldLoad),
    phases: phasesOf(cold.lines, cold.wallMs),
    log: buildLog(cold.lines),
  };
  const dist = await dirSize(outDir);
  const pagefind = await dirSize(path.join(outDir, 'pagefind'));

  log(`${tag}: floor`);
  const floorLoad = await loadAverage();
  const floorOut = path.join(work, 'floor');
  const floor = await measure(node, [path.join(repoRoot, 'bench/floor.ts'), corpus.dir, floorOut], options);
  expectSuccess('floor', floor);
  const floorLine = floor.lines.filter((line) => line.stream === 'stdout').at(-1)?.text;
  const timings = floorLine ? (JSON.parse(floorLine) as FloorTimings) : undefined;
  await rm(floorOut, { recursive: true, force: true });

  let search: RunResult['search'] = { skipped: '--no-search' };
  if (!values['no-search']) {
    log(`${tag}: first search in Chromium`);
    search = await measureSearch(outDir, values.query);
  }

  // Edit one note's body and rebuild on the cold build's cache; put the note back afterwards so
  // every run starts from the same corpus.
  const editedNote = corpus.noteIds[Math.floor(corpus.noteIds.length / 2)] as string;
  const notePath = path.join(corpus.dir, 'research', `${editedNote}.md`);
  const original = await readFile(notePath, 'utf8');
  await writeFile(notePath, `${original}\nOne more paragraph, written by benchmark run ${run} to change this note.\n`);
  log(`${tag}: rebuild after editing ${editedNote}`);
  const rebuildLoad = await loadAverage();
  let rebuild: ProcessStats;
  try {
    rebuild = await measure(node, [path.join(repoRoot, 'src/cli/build.ts')], options);
  } finally {
    await writeFile(notePath, original);
  }
  expectSuccess('rebuild', rebuild);
  const builtNote = await readFile(path.join(outDir, 'research', `${editedNote}.md`), 'utf8');
  if (!builtNote.includes(`benchmark run ${run}`)) throw new Error(`rebuild did not pick up the edit to ${editedNote}`);

  return {
    run,
    check: summary(check, checkLoad),
    cold: coldResult,
    dist,
    pagefind,
    floor: { ...summary(floor, floorLoad), timings },
    rebuild: {
      ...summary(rebuild, rebuildLoad),
      phases: phasesOf(rebuild.lines, rebuild.wallMs),
      log: buildLog(rebuild.lines),
      editedNote,
    },
    search,
  };
};

// ---------------------------------------------------------------------------------------------
// Statistics and formatting

interface Stat {
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const millis = (ms: number) => `${Math.round(ms)} ms`;
const mib = (bytes: number) =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(2)} GiB` : `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} KB`;
const show = (value: Stat | undefined, unit: (n: number) => string) => {
  if (!value) return 'n/a';
  if (value.min === value.max) return unit(value.median);
  return `${unit(value.median)} (${unit(value.min)}–${unit(value.max)})`;
};

interface SizeSummary {
  size: number;
  bodyWordsPerNote: number;
  runs: RunResult[];
  stats: Record<string, Stat | undefined>;
}

const searched = (run: RunResult) => ('transfer' in run.search ? run.search : undefined);
const uiOf = (run: RunResult) => {
  const ui = searched(run)?.ui;
  return ui && 'ms' in ui ? ui : undefined;
};

const summarise = (size: number, corpus: Corpus, results: RunResult[]): SizeSummary => {
  const pick = (fn: (run: RunResult) => number | undefined) => stat3(results.map(fn));
  const phase = (key: keyof Phases, which: 'cold' | 'rebuild' = 'cold') =>
    pick((run) => run[which].phases?.[key] as number | undefined);
  return {
    size,
    bodyWordsPerNote: Math.round(corpus.bodyWords / corpus.noteIds.length),
    runs: results,
    stats: {
      checkWall: pick((run) => run.check.wallMs),
      checkCpu: pick((run) => run.check.cpuMs),
      buildWall: pick((run) => run.cold.wallMs),
      buildCpu: pick((run) => run.cold.cpuMs),
      buildTreeRss: pick((run) => run.cold.peakTreeRssBytes),
      buildProcessRss: pick((run) => run.cold.maxProcessRssBytes),
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
      uiMs: pick((run) => uiOf(run)?.ms),
      uiBytes: pick((run) => uiOf(run)?.transfer.bytes),
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

interface Target {
  size: number | 'all';
  what: string;
  limit: string;
  measured: string;
  pass: boolean | undefined;
}

const SEARCH_BYTES = 300_000;

const targetsFor = (summaries: SizeSummary[]): Target[] => {
  const targets: Target[] = [];
  const bySize = (size: number) => summaries.find((entry) => entry.size === size);
  const five = bySize(5000);
  if (five) {
    const { stats } = five;
    const build = stats['buildWall']?.median;
    const floor = stats['floorWall']?.median;
    const rss = stats['buildTreeRss']?.max;
    const check = stats['checkWall']?.median;
    targets.push(
      {
        size: 5000,
        what: 'full build ≤ 4× floor (median wall)',
        limit: floor ? `≤ ${seconds(4 * floor)}` : 'n/a',
        measured: build && floor ? `${(build / floor).toFixed(1)}×` : 'n/a',
        pass: build && floor ? build <= 4 * floor : undefined,
      },
      {
        size: 5000,
        what: 'full build, median wall',
        limit: '< 45 s',
        measured: build ? seconds(build) : 'n/a',
        pass: build ? build < 45_000 : undefined,
      },
      {
        size: 5000,
        what: 'peak RSS of the build tree (max)',
        limit: '< 2.5 GB',
        measured: rss ? mib(rss) : 'n/a',
        pass: rss ? rss < 2.5e9 : undefined,
      },
      {
        size: 5000,
        what: 'npm run check, median wall',
        limit: '< 5 s',
        measured: check ? seconds(check) : 'n/a',
        pass: check ? check < 5_000 : undefined,
      },
    );
  }
  const thousand = bySize(1000);
  if (thousand) {
    const build = thousand.stats['buildWall']?.median;
    targets.push({
      size: 1000,
      what: 'full build, median wall',
      limit: '< 15 s',
      measured: build ? seconds(build) : 'n/a',
      pass: build ? build < 15_000 : undefined,
    });
  }
  for (const { size, stats } of summaries) {
    const rebuild = stats['rebuildWall']?.median;
    const cold = stats['buildWall']?.median;
    targets.push({
      size,
      what: 'one-note edit rebuild < cold build (median wall)',
      limit: cold ? `< ${seconds(cold)}` : 'n/a',
      measured: rebuild ? seconds(rebuild) : 'n/a',
      pass: rebuild && cold ? rebuild < cold : undefined,
    });
    const bytes = stats['searchBytes']?.max;
    const ms = stats['searchMs']?.median;
    targets.push(
      {
        size,
        what: 'first search: Pagefind bytes transferred (max)',
        limit: '≤ 300 KB',
        measured: bytes ? kb(bytes) : 'n/a',
        pass: bytes ? bytes <= SEARCH_BYTES : undefined,
      },
      {
        size,
        what: 'first search: search() → 10 results with data (median)',
        limit: '≤ 500 ms',
        measured: ms ? millis(ms) : 'n/a',
        pass: ms ? ms <= 500 : undefined,
      },
    );
  }
  return targets;
};

const printTable = (summaries: SizeSummary[], targets: Target[]) => {
  const rows: [string, (s: SizeSummary) => string][] = [
    ['notes (words/note)', (s) => `${s.size} (${s.bodyWordsPerNote})`],
    ['load average at build start', (s) => show(s.stats['loadAverage'], (n) => n.toFixed(1))],
    ['npm run check, wall', (s) => show(s.stats['checkWall'], seconds)],
    ['npm run check, CPU', (s) => show(s.stats['checkCpu'], seconds)],
    ['cold build, wall', (s) => show(s.stats['buildWall'], seconds)],
    ['cold build, CPU (user+sys, tree)', (s) => show(s.stats['buildCpu'], seconds)],
    ['cold build, peak RSS (tree sum)', (s) => show(s.stats['buildTreeRss'], mib)],
    ['cold build, max RSS (one process)', (s) => show(s.stats['buildProcessRss'], mib)],
    ['  startup + validation', (s) => show(s.stats['phaseStartup'], seconds)],
    ['  content sync (loader, Markdown)', (s) => show(s.stats['phaseContent'], seconds)],
    ['  types + setup', (s) => show(s.stats['phaseTypes'], seconds)],
    ['  vite bundle', (s) => show(s.stats['phaseBundle'], seconds)],
    ['  page generation', (s) => show(s.stats['phasePages'], seconds)],
    ['  pagefind', (s) => show(s.stats['phasePagefind'], seconds)],
    ['  finish (swap dist)', (s) => show(s.stats['phaseFinish'], seconds)],
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
    ['one-note edit rebuild, CPU', (s) => show(s.stats['rebuildCpu'], seconds)],
    ['  rebuild: startup + validation', (s) => show(s.stats['rebuildStartup'], seconds)],
    ['  rebuild: content sync', (s) => show(s.stats['rebuildContent'], seconds)],
    ['  rebuild: page generation', (s) => show(s.stats['rebuildPages'], seconds)],
    ['  rebuild: pagefind', (s) => show(s.stats['rebuildPagefind'], seconds)],
    ['first search: Pagefind bytes', (s) => show(s.stats['searchBytes'], kb)],
    ['first search: bytes if host gzips JS', (s) => show(s.stats['searchGzipBytes'], kb)],
    ['first search: requests', (s) => show(s.stats['searchRequests'], (n) => String(n))],
    ['first search: search() → results', (s) => show(s.stats['searchMs'], millis)],
    ['first search: import + search', (s) => show(s.stats['searchTotalMs'], millis)],
    ['first search: matches', (s) => show(s.stats['searchResults'], (n) => String(n))],
    ['second search (warm) → results', (s) => show(s.stats['searchWarmMs'], millis)],
    ['search page: type → results', (s) => show(s.stats['uiMs'], millis)],
  ];
  const header = ['metric', ...summaries.map((s) => `${s.size} notes`)];
  const body = rows.map(([label, fn]) => [label, ...summaries.map(fn)]);
  const widths = header.map((_, column) => Math.max(...[header, ...body].map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const row of body) console.log(line(row));
  console.log('');
  for (const target of targets) {
    const verdict = target.pass === undefined ? 'N/A ' : target.pass ? 'PASS' : 'MISS';
    console.log(`${verdict}  ${String(target.size).padEnd(5)} ${target.what}: ${target.measured} (target ${target.limit})`);
  }
};

// ---------------------------------------------------------------------------------------------
// Main

const main = async () => {
  const started = new Date();
  const summaries: SizeSummary[] = [];
  if (!hasGnuTime) log('/usr/bin/time is missing: CPU time is summed from /proc samples (a lower bound)');
  for (const size of sizes) {
    const work = await mkdtemp(path.join(os.tmpdir(), `canimcp-bench-${size}-`));
    try {
      log(`${size} notes: generating the corpus in ${work}`);
      const corpus = await writeCorpus(path.join(work, 'content'), { notes: size });
      const results: RunResult[] = [];
      for (let run = 1; run <= runs; run++) results.push(await runOnce(run, size, corpus, work));
      summaries.push(summarise(size, corpus, results));
    } finally {
      if (values.keep) log(`kept ${work}`);
      else await rm(work, { recursive: true, force: true });
    }
  }
  const targets = targetsFor(summaries);
  printTable(summaries, targets);
  const results = {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryBytes: os.totalmem(),
      node: process.version,
      gnuTime: hasGnuTime,
    },
    options: { sizes, runs, query: values.query, buildDate: BENCH_BUILD_DATE },
    sizes: summaries,
    targets,
  };
  await writeFile(path.join(repoRoot, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('wrote bench/results.json');
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
