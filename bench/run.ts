/**
 * `npm run bench [-- --sizes 1000,5000] [--runs 3] [--corpus realistic|uniform] [--seed N] [--query "words"] [--keep] [--no-search] [--no-dev] [--no-lighthouse] [--report]`
 *
 * Generates seeded synthetic corpora in a temporary folder and, per size and run, measures
 * `npm run check`, a cold full build (wall, CPU of the process tree, peak RSS of the tree, phase
 * split from the build log), the output's size, the floor (parse + render the same notes with no
 * framework), a rebuild after editing one note, the first search in Chromium and `npm run dev`;
 * then, once, Lighthouse on the site built from its own content. Prints a table with PASS/MISS
 * against the targets and writes bench/results.json (git-ignored), keeping the latest results of
 * sizes (and Lighthouse) not run this time; `--report` prints that file's table without measuring.
 */
import { readFile, rm, stat, readdir, writeFile, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fail } from '../src/cli/fail.ts';
import { commandArgs } from '../src/node/command-line.ts';
import { repoRoot } from '../src/node/paths.ts';
import { BENCH_BUILD_DATE, CORPUS_MODES, writeCorpus, type Corpus, type CorpusMode } from './corpus.ts';
import type { FloorTimings } from './floor.ts';
import { hugoVersion, measureHugo } from './hugo.ts';
import { hasGnuTime, measure, outputOf, type ProcessStats } from './measure.ts';
import { buildLog, phasesOf } from './phases.ts';
import {
  printTable,
  summarise,
  type BuildMeasured,
  type DirSize,
  type Measured,
  type ReferenceMeasured,
  type RunResult,
  type SizeSummary,
} from './report.ts';
import { measureSearch, measureTyped, PAGEFIND_UI_BOX, PAGEFIND_UI_PAGE, SITE_BOX } from './search.ts';
import { measureDev } from './dev.ts';
import { captureTargets, targetsFor } from './targets.ts';
import { printAxis, printTargets } from './report.ts';
import { measureLighthouse, type LighthouseMeasurement } from './lighthouse.ts';
import { measureAxisPoint, type AxisPoint } from './captures-axis.ts';
import { CAPTURE_GENERATORS, type CaptureGenerator } from './captures.ts';

// ---------------------------------------------------------------------------------------------
// Arguments

const benchOptions = {
  sizes: { type: 'string', default: '1000,5000' },
  runs: { type: 'string', default: '3' },
  corpus: { type: 'string', default: 'realistic' },
  // Another corpus of the same mode: the default seed depends on the size only.
  seed: { type: 'string' },
  query: { type: 'string', default: 'handshake fallback' },
  keep: { type: 'boolean', default: false },
  'no-search': { type: 'boolean', default: false },
  'no-dev': { type: 'boolean', default: false },
  'no-lighthouse': { type: 'boolean', default: false },
  report: { type: 'boolean', default: false },
  // The captures axis: these counts of generated captures beside each size's notes (and none).
  captures: { type: 'string' },
  'capture-generator': { type: 'string', default: 'bench' },
  // Handshakes only: no sessions with `model` events (for a schema that refuses them).
  'handshakes-only': { type: 'boolean', default: false },
  // Leave out the notes-alone point (measured already on the same notes, e.g. by the other generator).
  'skip-notes-alone': { type: 'boolean', default: false },
} as const;
/** The options; `--help` prints this file's header and an option it does not know is one line, exit 2. */
const readArgs = () => {
  try {
    return commandArgs(import.meta.url, { options: benchOptions, allowPositionals: false });
  } catch (error) {
    fail(error);
    process.exit(process.exitCode);
  }
};
const parsed = readArgs();
if (parsed === undefined) process.exit(0);
const { values } = parsed;
const sizes = values.sizes.split(',').map((size) => Number(size.trim()));
const runs = Number(values.runs);
const corpusMode = values.corpus as CorpusMode;
const captureCounts = values.captures === undefined ? undefined : values.captures.split(',').map((count) => Number(count.trim()));
const captureGenerator = values['capture-generator'] as CaptureGenerator;
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (
  (seed !== undefined && !Number.isInteger(seed)) ||
  sizes.some((size) => !Number.isInteger(size) || size < 2) ||
  !Number.isInteger(runs) ||
  runs < 1 ||
  !CORPUS_MODES.includes(corpusMode) ||
  !CAPTURE_GENERATORS.includes(captureGenerator) ||
  captureCounts?.some((count) => !Number.isInteger(count) || count < 1)
) {
  console.error(
    'usage: npm run bench -- [--sizes 1000,5000] [--runs 3] [--corpus realistic|uniform] [--seed N] [--query "words"] [--keep] [--no-search] [--no-dev] [--no-lighthouse] [--report] [--captures 1000,10000 [--capture-generator bench|independent] [--handshakes-only] [--skip-notes-alone]]',
  );
  process.exit(2);
}

const log = (message: string) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8').catch(() => '0')).split(' ')[0]);

// ---------------------------------------------------------------------------------------------
// Output size

const dirSize = async (dir: string): Promise<DirSize> => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  let files = 0;
  let largestHtml = { bytes: 0, file: '' };
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const size = (await stat(file)).size;
    bytes += size;
    files += 1;
    if (entry.name.endsWith('.html') && size > largestHtml.bytes) largestHtml = { bytes: size, file: path.relative(dir, file) };
  }
  return { bytes, files, largestHtml };
};

const hugo = hugoVersion();

// ---------------------------------------------------------------------------------------------
// One run

const summary = (stats: ProcessStats, load: number): Measured => ({
  wallMs: stats.wallMs,
  cpuMs: stats.cpuMs,
  cpuSource: stats.cpuSource,
  pagefindCpuMs: Object.entries(stats.sampledCpuByCommand)
    .filter(([name]) => name.startsWith('pagefind'))
    .reduce((sum, [, ms]) => sum + ms, 0),
  peakTreeRssBytes: stats.peakTreeRssBytes,
  rssAtPeakByCommand: stats.rssAtPeakByCommand,
  maxProcessRssBytes: stats.maxProcessRssBytes,
  loadAverage: load,
});

const expectSuccess = (what: string, stats: ProcessStats) => {
  if (stats.exitCode !== 0) throw new Error(`${what} failed (exit ${stats.exitCode}):\n${outputOf(stats)}`);
};

const runOnce = async (run: number, size: number, corpus: Corpus, work: string, outDir: string): Promise<RunResult> => {
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

  const typed: NonNullable<RunResult['typed']> = {};
  // The reference row, interleaved with the project's builds so both see the same machine load.
  let reference: RunResult['reference'] = { skipped: 'hugo is not installed' };
  if (hugo) {
    log(`${tag}: Hugo + Pagefind (reference)`);
    const referenceLoad = await loadAverage();
    let referenceSearch: ReferenceMeasured['search'];
    const measured = await measureHugo(corpus.dir, work, async (site) => {
      if (values['no-search']) return;
      // Pagefind's own default UI on the same pages: the page its documentation sets up, added
      // after the timed build (Pagefind's CLI writes pagefind-ui.js beside its bundle).
      await writeFile(path.join(site, 'pagefind-ui.html'), PAGEFIND_UI_PAGE);
      try {
        typed.pagefindUi = await measureTyped(site, PAGEFIND_UI_BOX, values.query);
      } catch (error) {
        log(`${tag}: Pagefind UI not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
      // Pagefind's own first search on these notes: the floor of the site's (Hugo's pages are at /).
      referenceSearch = await measureSearch(site, values.query, 'timeout', '').catch((error: unknown) => ({
        skipped: error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error),
      }));
    });
    reference = {
      hugo: summary(measured.hugo, referenceLoad),
      pagefind: summary(measured.pagefind, referenceLoad),
      pagefindPages: measured.pagefindPages,
      ...(referenceSearch ? { search: referenceSearch } : {}),
    };
  }

  log(`${tag}: cold build`);
  // Cold: no output and no cache of any kind (Astro's .astro/ and node_modules/.astro/ included).
  await rm(cacheDir, { recursive: true, force: true });
  await rm(outDir, { recursive: true, force: true });
  await rm(path.join(repoRoot, '.astro'), { recursive: true, force: true });
  await rm(path.join(repoRoot, 'node_modules/.astro'), { recursive: true, force: true });
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
    try {
      search = await measureSearch(outDir, values.query);
      // Its own failure keeps the figures above.
      const site = await measureTyped(outDir, SITE_BOX, values.query).catch((error: unknown) => {
        log(`${tag}: typed /search not measured: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
        return undefined;
      });
      if (site) typed.site = site;
    } catch (error) {
      // A missing or broken browser should not throw away the build figures.
      const reason = error instanceof Error ? (error.message.split('\n')[0] ?? error.message) : String(error);
      log(`${tag}: search not measured: ${reason}`);
      search = { skipped: reason };
    }
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

  let dev: RunResult['dev'] = { skipped: '--no-dev' };
  if (!values['no-dev']) {
    log(`${tag}: npm run dev, then three edits of ${editedNote}`);
    // As on a fresh clone: no data store and no rendered bodies from an earlier server or build.
    await rm(path.join(repoRoot, '.astro'), { recursive: true, force: true });
    await rm(path.join(repoRoot, 'node_modules/.astro'), { recursive: true, force: true });
    const devLoad = await loadAverage();
    dev = { ...(await measureDev(corpus.dir, editedNote, env)), loadAverage: devLoad };
  }

  return {
    run,
    check: summary(check, checkLoad),
    cold: coldResult,
    dist,
    pagefind,
    floor: { ...summary(floor, floorLoad), timings },
    reference,
    rebuild: {
      ...summary(rebuild, rebuildLoad),
      phases: phasesOf(rebuild.lines, rebuild.wallMs),
      log: buildLog(rebuild.lines),
      editedNote,
    },
    search,
    typed,
    dev,
  };
};

// ---------------------------------------------------------------------------------------------
// Main

const resultsFile = path.join(repoRoot, 'bench/results.json');
interface Results {
  sizes: SizeSummary[];
  /** Absent in results written before Lighthouse was measured. */
  lighthouse?: LighthouseMeasurement & { measured: string; loadAverage: number };
  /** The captures axis's points (`--captures`), the latest of each notes × captures × generator. */
  captures?: (AxisPoint & { measured: string })[];
}
const readResults = () =>
  readFile(resultsFile, 'utf8')
    .then((text) => JSON.parse(text) as Partial<Results>)
    .then((results): Results => ({ ...results, sizes: results.sizes ?? [] }))
    .catch((): Results => ({ sizes: [] }));

/**
 * Lighthouse on the site built from the project's own content (the issue measured it on 25 notes):
 * once per invocation, as many runs per form factor as builds per size.
 */
const lighthouseOnOwnContent = async (): Promise<NonNullable<Results['lighthouse']>> => {
  const outDir = path.join(repoRoot, `.dist-bench-lighthouse-${process.pid}`);
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-bench-lighthouse-'));
  try {
    log('Lighthouse: building the site from its own content');
    const env = { ...process.env, OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir, ASTRO_TELEMETRY_DISABLED: '1' };
    const built = await measure(process.execPath, [path.join(repoRoot, 'src/cli/build.ts')], { cwd: repoRoot, env });
    expectSuccess('the build of the own content', built);
    const load = await loadAverage();
    log(`Lighthouse: ${runs} run(s) each, mobile and desktop`);
    return { ...(await measureLighthouse(outDir, runs)), measured: new Date().toISOString(), loadAverage: load };
  } finally {
    await rm(outDir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
  }
};

/** Prints the table and targets for sizes, with a warning where the machine was busy. */
const report = ({ sizes: summaries, lighthouse }: Results) => {
  printTable(summaries, targetsFor(summaries, lighthouse), lighthouse);
  const busiest = Math.max(...summaries.flatMap((summary) => summary.runs.map((run) => run.cold.loadAverage)));
  if (busiest > os.cpus().length) {
    console.log(
      `\nnote: the load average reached ${busiest.toFixed(1)} on ${os.cpus().length} CPUs during a build: other work shared the machine, so wall times are inflated; CPU times are the steadier figures.`,
    );
  }
};

/** `--captures`: per size, the notes alone and beside each count of generated captures. */
const capturesAxis = async (counts: number[]) => {
  const points: AxisPoint[] = [];
  for (const size of sizes) {
    const work = await mkdtemp(path.join(os.tmpdir(), `canimcp-bench-captures-${size}-`));
    const outDir = path.join(repoRoot, `.dist-bench-captures-${size}-${process.pid}`);
    try {
      log(`${size} notes: generating the ${corpusMode} corpus in ${work}`);
      const corpus = await writeCorpus(path.join(work, 'content'), {
        notes: size,
        mode: corpusMode,
        ...(seed === undefined ? {} : { seed }),
      });
      const env = { ...process.env, CONTENT_DIR: corpus.dir, BUILD_DATE: BENCH_BUILD_DATE, ASTRO_TELEMETRY_DISABLED: '1' };
      for (let run = 1; run <= runs; run++) {
        for (const count of values['skip-notes-alone'] ? counts : [0, ...counts]) {
          const point = await measureAxisPoint({
            corpus,
            captures: count,
            generator: captureGenerator,
            sessions: !values['handshakes-only'],
            work,
            outDir,
            env,
            log,
          });
          points.push(point);
          printAxis(points);
        }
      }
    } finally {
      if (values.keep) log(`kept ${work} and ${outDir}`);
      else {
        await rm(work, { recursive: true, force: true });
        await rm(outDir, { recursive: true, force: true });
      }
    }
  }
  const earlier = await readResults();
  const measured = new Date().toISOString();
  const same = (a: AxisPoint, b: AxisPoint) => a.notes === b.notes && a.captures === b.captures && a.generator === b.generator;
  const merged = [
    ...(earlier.captures ?? []).filter((old) => !points.some((point) => same(old, point))),
    ...points.map((point) => ({ ...point, measured })),
  ];
  const targets = captureTargets(merged);
  printTargets(targets);
  await writeFile(resultsFile, `${JSON.stringify({ ...earlier, captures: merged }, null, 2)}\n`);
  log('wrote bench/results.json');
};

const main = async () => {
  if (captureCounts !== undefined) {
    await capturesAxis(captureCounts);
    return;
  }
  if (values.report) {
    // `--report`: the table for every size in bench/results.json, without measuring anything.
    const results = await readResults();
    if (results.sizes.length === 0) throw new Error('bench/results.json has no results yet: run npm run bench first');
    report(results);
    return;
  }
  const started = new Date();
  const summaries: SizeSummary[] = [];
  if (!hasGnuTime) log('/usr/bin/time is missing: CPU time is summed from /proc samples (a lower bound)');
  if (hugo) log(`reference: ${hugo}`);
  else log('hugo is not installed: the Hugo + Pagefind reference row is skipped (apt-get install hugo)');
  for (const size of sizes) {
    const work = await mkdtemp(path.join(os.tmpdir(), `canimcp-bench-${size}-`));
    // The site is built inside the repository (git-ignored like every .dist-*): when OUT_DIR lies
    // outside the working directory, Astro puts its prerender bundle in the repository's shared
    // .astro/.prerender instead, and two such builds at once delete each other's chunks.
    const outDir = path.join(repoRoot, `.dist-bench-${size}-${process.pid}`);
    try {
      log(`${size} notes: generating the ${corpusMode} corpus in ${work}`);
      const corpus = await writeCorpus(path.join(work, 'content'), {
        notes: size,
        mode: corpusMode,
        ...(seed === undefined ? {} : { seed }),
      });
      const results: RunResult[] = [];
      for (let run = 1; run <= runs; run++) results.push(await runOnce(run, size, corpus, work, outDir));
      summaries.push({ ...summarise(size, Math.round(corpus.bodyWords / corpus.noteIds.length), results), corpus: corpusMode });
    } finally {
      if (values.keep) log(`kept ${work}`);
      else await rm(work, { recursive: true, force: true });
      if (values.keep) log(`kept ${outDir}`);
      else await rm(outDir, { recursive: true, force: true });
    }
  }
  const earlier = await readResults();
  // The last Lighthouse figures stay when this invocation skips it.
  const lighthouse = values['no-lighthouse'] ? earlier.lighthouse : await lighthouseOnOwnContent();
  report({ sizes: summaries, ...(lighthouse ? { lighthouse } : {}) });
  // Sizes measured by earlier invocations stay in the file (`--sizes 1000`, then `--sizes 5000`),
  // each with when and how it was measured; the targets cover every size in the file.
  const measured = {
    started: started.toISOString(),
    finished: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model,
      memoryBytes: os.totalmem(),
      node: process.version,
      gnuTime: hasGnuTime,
      hugo: hugo ?? null,
    },
    options: { runs, corpus: corpusMode, seed: seed ?? null, query: values.query, buildDate: BENCH_BUILD_DATE },
  };
  const merged = [
    ...earlier.sizes.filter((entry) => !sizes.includes(entry.size)),
    ...summaries.map((summary) => ({ ...summary, measured })),
  ].sort((a, b) => a.size - b.size);
  const results = { sizes: merged, ...(lighthouse ? { lighthouse } : {}), targets: targetsFor(merged, lighthouse) };
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  log('wrote bench/results.json');
};

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
