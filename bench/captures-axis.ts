/**
 * The bench's captures axis (`npm run bench -- --sizes 5000 --captures 1000,10000`): per notes size,
 * the same notes built with no captures and with each count of generated captures (bench/captures.ts
 * or the independent generator), measuring the cold build, a rebuild after one capture is added (what
 * the lab does), the peak memory of the tree, the files written (and, for `DEPLOY_HOST=cloudflare`,
 * the files of the deployable site) and the largest pages (a client with hundreds of captures, the
 * captures index).
 */
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { HOST_FILES } from '../src/lib/outputs/headers.ts';
import { foldedFolder } from '../src/node/page-reuse.ts';
import { repoRoot } from '../src/node/paths.ts';
import { benchCaptures, writeCaptures, type CaptureGenerator, type GeneratedCapture } from './captures.ts';
import { independentCaptures } from './captures-independent.ts';
import type { Corpus } from './corpus.ts';
import { measure, outputOf, type ProcessStats } from './measure.ts';
import { phasesOf, type Phases } from './phases.ts';

/** One build of the axis. */
export interface AxisBuild {
  wallMs: number;
  cpuMs: number | undefined;
  peakTreeRssBytes: number;
  pagefindCpuMs: number;
  loadAverage: number;
  phases: Phases | undefined;
}

/** One point of the axis: notes × captures. */
export interface AxisPoint {
  notes: number;
  captures: number;
  generator: CaptureGenerator;
  /** Whether the captures held sessions with `model` events, or handshakes only. */
  sessions: boolean;
  captureBytes: number;
  cold: AxisBuild;
  /** After adding one capture (absent with no captures). */
  rebuild?: AxisBuild;
  /** Every file of the output folder, and the largest HTML pages. */
  files: number;
  bytes: number;
  largest: { file: string; bytes: number }[];
  /** The output's files as Cloudflare Pages counts them (a DEPLOY_HOST=cloudflare build). */
  cloudflareFiles?: number;
  /** Largest page of a client with the most captures, and of the captures index. */
  busiestClient?: { client: string; captures: number; bytes: number };
  capturesIndexBytes?: number;
}

const loadAverage = async () => Number((await readFile('/proc/loadavg', 'utf8').catch(() => '0')).split(' ')[0]);

const build = (stats: ProcessStats, load: number): AxisBuild => ({
  wallMs: stats.wallMs,
  cpuMs: stats.cpuMs,
  peakTreeRssBytes: stats.peakTreeRssBytes,
  pagefindCpuMs: Object.entries(stats.sampledCpuByCommand)
    .filter(([name]) => name.startsWith('pagefind'))
    .reduce((sum, [, ms]) => sum + ms, 0),
  loadAverage: load,
  phases: phasesOf(stats.lines, stats.wallMs),
});

const walk = async (dir: string) => {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files: { file: string; bytes: number }[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.push({ file: path.relative(dir, file), bytes: (await stat(file)).size });
  }
  return files;
};

/** The generator's captures for a corpus's clients. */
export const generateCaptures = (generator: CaptureGenerator, count: number, corpus: Corpus, sessions: boolean) =>
  (generator === 'independent' ? independentCaptures : benchCaptures)({ count, clients: corpus.clientIds, sessions });

/** Measures one point: a cold build, one capture added and rebuilt, the output's files. */
export const measureAxisPoint = async (options: {
  corpus: Corpus;
  captures: number;
  generator: CaptureGenerator;
  sessions: boolean;
  work: string;
  outDir: string;
  env: NodeJS.ProcessEnv;
  log: (message: string) => void;
}): Promise<AxisPoint> => {
  const { corpus, captures, generator, sessions, work, outDir, log } = options;
  const cacheDir = path.join(work, 'cache');
  const env = { ...options.env, OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir, DEPLOY_HOST: 'cloudflare' };
  const generated: GeneratedCapture[] = captures > 0 ? generateCaptures(generator, captures + 1, corpus, sessions) : [];
  // The last one is held back: it is the capture the rebuild adds.
  const added = generated.pop();
  await writeCaptures(corpus.dir, generated);
  const captureBytes = generated.reduce((sum, capture) => sum + Buffer.byteLength(capture.text), 0);
  const tag = `${corpus.noteIds.length} notes + ${captures} captures (${generator})`;
  const run = async (what: string) => {
    const load = await loadAverage();
    const stats = await measure(process.execPath, [path.join(repoRoot, 'src/cli/build.ts')], { cwd: repoRoot, env });
    if (stats.exitCode !== 0) throw new Error(`${what} failed (exit ${stats.exitCode}):\n${outputOf(stats).slice(-4000)}`);
    return build(stats, load);
  };

  log(`${tag}: cold build`);
  for (const dir of [cacheDir, outDir, path.join(repoRoot, '.astro'), path.join(repoRoot, 'node_modules/.astro')])
    await rm(dir, { recursive: true, force: true });
  const cold = await run('cold build');
  const files = await walk(outDir);
  // The fold moved the captures' pages into packs; they are still pages, kept whole in the cache.
  const foldedPages = (await walk(foldedFolder(cacheDir))).filter((file) => file.file.endsWith('.html'));
  const html = [...files, ...foldedPages].filter((file) => file.file.endsWith('.html')).sort((a, b) => b.bytes - a.bytes);
  const perClient = new Map<string, number>();
  for (const capture of generated) perClient.set(capture.client, (perClient.get(capture.client) ?? 0) + 1);
  const [busiest, most] = [...perClient].sort((a, b) => b[1] - a[1])[0] ?? [];
  const busiestPage = busiest === undefined ? undefined : files.find((file) => file.file === `clients/${busiest}.html`);
  const point: AxisPoint = {
    notes: corpus.noteIds.length,
    captures,
    generator,
    sessions,
    captureBytes,
    cold,
    files: files.length,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    largest: html.slice(0, 5),
    // The build above is the cloudflare form (captures folded into packs); Pages counts every file but its configuration.
    cloudflareFiles: files.filter((file) => !HOST_FILES.has(file.file)).length,
    ...(busiest !== undefined && busiestPage
      ? { busiestClient: { client: busiest, captures: most ?? 0, bytes: busiestPage.bytes } }
      : {}),
    ...(files.find((file) => file.file === 'captures.html')
      ? { capturesIndexBytes: files.find((file) => file.file === 'captures.html')?.bytes ?? 0 }
      : {}),
  };

  if (added) {
    log(`${tag}: rebuild after adding ${added.id}`);
    const file = path.join(corpus.dir, 'captures', `${added.id}.jsonl`);
    await writeFile(file, added.text);
    try {
      point.rebuild = await run('one-capture rebuild');
    } finally {
      await rm(file, { force: true });
    }
    // In the cloudflare form the page is folded into a pack, and held whole in the cache's folded folder.
    const written = [outDir, foldedFolder(cacheDir)].map((site) => path.join(site, 'captures', `${added.id}.html`));
    const page = (await Promise.all(written.map((file) => stat(file).catch(() => undefined)))).find(Boolean);
    if (!page) throw new Error(`the rebuild did not write the page of the added capture ${added.id}`);
  }
  return point;
};
