/**
 * The rebuild oracle: whatever changed, a rebuild publishes exactly what a cold build of the changed
 * tree publishes, file for file. A copy of the project (its code, and the fixture as its content)
 * is built cold once; then each change is made in turn, the copy is rebuilt with its caches and its
 * published site, and the changed copy is built again from nothing into another folder. Any
 * difference is a stale or missing file that the caches let through.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, symlink, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { listFiles } from './support/dist.ts';
import { freePort } from './support/ports.ts';
import { TEST_BUILD_DATE, fixtureContent, fixtureRepository } from './support/site.ts';

const run = promisify(execFile);

/** What a project copy is made of: everything that can change the output, and the fixture as content. */
const PROJECT_FILES = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

let root = '';
let work = '';
let siteUrl = 'https://canimcp.io';
let colds = 0;

/** Every file of a built site with a digest of its bytes. */
const snapshot = async (dir: string): Promise<Record<string, string>> => {
  const files = listFiles(dir).sort();
  const digests = await Promise.all(
    files.map(async (file) =>
      createHash('sha256')
        .update(await readFile(path.join(dir, file)))
        .digest('hex'),
    ),
  );
  return Object.fromEntries(files.map((file, index) => [file, digests[index] as string]));
};

/** The environment every command on the copy runs in, with its caches in `cache`. */
const environment = (out: string, cache: string, changed: Record<string, string> = {}) => ({
  ...process.env,
  CONTENT_DIR: path.join(root, 'content'),
  OUT_DIR: out,
  ASTRO_CACHE_DIR: cache,
  BUILD_DATE: TEST_BUILD_DATE,
  SITE_URL: siteUrl,
  REPOSITORY_URL: fixtureRepository,
  ...changed,
});

/** `npm run build`'s script on the copy, into `out`, with the caches in `cache`. */
const build = async (out: string, cache: string): Promise<string> => {
  try {
    const { stdout } = await run(process.execPath, [path.join(root, 'src/cli/build.ts')], {
      cwd: root,
      env: environment(out, cache),
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    throw new Error(`the build of ${out} failed:\n${failed.stderr || failed.stdout}`);
  }
};

const published = () => path.join(work, 'dist');
const publishedCache = () => path.join(work, 'dist.cache');

/** Where two versions of a text first part, to show what a stale file holds. */
const firstDifference = (rebuilt: string, fresh: string): string => {
  let at = 0;
  while (at < rebuilt.length && rebuilt[at] === fresh[at]) at += 1;
  return `rebuilt …${rebuilt.slice(Math.max(0, at - 40), at + 60)}… cold …${fresh.slice(Math.max(0, at - 40), at + 60)}…`;
};

/** Files that differ between two built sites: missing on one side, or other bytes (with where). */
const differences = async (rebuiltDir: string, freshDir: string): Promise<string[]> => {
  const [rebuilt, fresh] = await Promise.all([snapshot(rebuiltDir), snapshot(freshDir)]);
  const files = [...new Set([...Object.keys(rebuilt), ...Object.keys(fresh)])].filter((file) => rebuilt[file] !== fresh[file]);
  const found = await Promise.all(
    files.map(async (file) => {
      if (rebuilt[file] === undefined) return `missing after the rebuild: ${file}`;
      if (fresh[file] === undefined) return `only after the rebuild: ${file}`;
      const [a, b] = await Promise.all([
        readFile(path.join(rebuiltDir, file), 'utf8'),
        readFile(path.join(freshDir, file), 'utf8'),
      ]);
      return `differs: ${file}: ${firstDifference(a, b)}`;
    }),
  );
  return found.sort();
};

/**
 * Rebuilds the published site, builds the same tree from nothing elsewhere, and compares them;
 * returns the differences, how many files the sites hold, and how many the rebuild took over.
 */
const rebuildAndCold = async () => {
  const log = await build(published(), publishedCache());
  // How many files the rebuild took from the published site: none would make the oracle trivial.
  const kept = Number(/kept (\d+) unchanged files/.exec(log)?.[1] ?? 0);
  colds += 1;
  const cold = path.join(work, `cold-${colds}`);
  await build(cold, `${cold}.cache`);
  const found = await differences(published(), cold);
  const files = listFiles(cold).length;
  await rm(`${cold}.cache`, { recursive: true, force: true });
  await rm(cold, { recursive: true, force: true });
  return { found, files, kept, log };
};

const file = (relative: string) => path.join(root, relative);
const edit = async (relative: string, change: (text: string) => string) => {
  const text = await readFile(file(relative), 'utf8');
  const changed = change(text);
  if (changed === text) throw new Error(`the oracle's change to ${relative} changed nothing: its anchor moved`);
  await writeFile(file(relative), changed);
};

const note = (id: string) => `content/research/${id}.md`;

/** A bare `astro build` of the copy into the published site, with its caches, as the README allows. */
const bareBuild = async (changed: Record<string, string>) => {
  await run(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', published()], {
    cwd: root,
    env: environment(published(), publishedCache(), changed),
    maxBuffer: 64 * 1024 * 1024,
  });
};

/** `npm run dev`'s script on the copy, with the published site's caches; resolves once it answers `ready`. */
const startDev = async (ready: string): Promise<{ get: (page: string) => Promise<string>; stop: () => Promise<void> }> => {
  // An author's shell: without what vitest sets for itself (NODE_ENV=test, VITEST_*), as e2e/dev.test.ts runs it.
  const env = Object.fromEntries(
    Object.entries(environment(published(), publishedCache(), { PORT: String(await freePort()), NO_COLOR: '1' })).filter(
      ([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST'),
    ),
  );
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'src/cli/dev.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const origin = () => /Local\s+(http:\/\/[^\s/]+)/.exec(output)?.[1];
  const get = async (page: string) => {
    const response = await fetch(`${origin() ?? 'http://localhost:1'}${page}`);
    if (!response.ok) throw new Error(`the dev server answered ${page} with ${response.status}\n${output}`);
    return response.text();
  };
  const stop = async () => {
    if (child.exitCode !== null || child.pid === undefined) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    // The group: astro's own processes stop with the script (STACK.md: an orphan keeps its lock).
    process.kill(-child.pid, 'SIGTERM');
    await exited;
  };
  try {
    await vi.waitFor(() => get(ready), { timeout: 120_000, interval: 500 });
  } catch (error) {
    await stop();
    throw error;
  }
  return { get, stop };
};

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'canimcp-oracle-'));
  root = path.join(work, 'project');
  await mkdir(root);
  for (const entry of PROJECT_FILES) await cp(path.join(repoRoot, entry), path.join(root, entry), { recursive: true });
  await cp(fixtureContent, path.join(root, 'content'), { recursive: true });
  // The copy runs on the project's installed packages; nothing it builds writes into them.
  await symlink(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  await build(published(), publishedCache());
}, 240_000);

afterAll(async () => {
  if (work !== '') await rm(work, { recursive: true, force: true });
});

// In order: each change is made on top of the ones before, as a run of edits to one checkout would be.
describe('a rebuild publishes what a cold build of the same tree publishes', () => {
  // Each change, whether its rebuild can take files from the published site (a code change cannot),
  // and what the rebuild's log must say, where that matters (the search bundle kept or written again).
  // A change may return what to do once its rebuild is compared (a dev server it left running).
  const KEPT_BUNDLE = /pagefind: kept the published bundle/;
  const variants: [string, () => Promise<void | (() => Promise<void>)>, boolean, { log: RegExp; not?: true }?][] = [
    [
      'a body edit',
      () => edit(note('hermes-leads-with-the-legacy-handshake'), (text) => `${text}\nA paragraph the oracle added.\n`),
      true,
      { log: KEPT_BUNDLE, not: true },
    ],
    [
      // A capture is no search record: the published search bundle is kept, not indexed again.
      'a capture added',
      () =>
        cp(
          file('content/captures/fast-agent-0-3-10-observe-http.jsonl'),
          file('content/captures/fast-agent-0-3-10-observe-http-again.jsonl'),
        ),
      true,
      { log: KEPT_BUNDLE },
    ],
    [
      'a frontmatter edit',
      () =>
        edit(note('fast-agent-leads-with-the-modern-discover-probe'), (text) =>
          text.replace(
            'title: "Fixture: fast-agent leads with server/discover"',
            'title: "Fixture: fast-agent probes server/discover first"',
          ),
        ),
      true,
    ],
    [
      'a note added',
      async () => {
        const text = await readFile(file(note('multilingual-search-fixture')), 'utf8');
        await writeFile(
          file(note('oracle-added-note')),
          text
            .replace('id: multilingual-search-fixture', 'id: oracle-added-note')
            .replace(/^title: .*$/m, 'title: "Fixture: a note the oracle added"'),
        );
      },
      true,
    ],
    ['a note removed', () => rm(file(note('fixture-correction-of-the-reference-note'))), true],
    [
      "a client's verdict changed",
      () =>
        edit('content/clients/fast-agent.md', (text) =>
          text
            .replace(
              'notes: [hermes-leads-with-the-legacy-handshake]\n',
              'notes: [hermes-leads-with-the-legacy-handshake]\n    caveat: "Changed by the oracle."\n',
            )
            .replace('  - revision: 2025-11-25\n    state: no', '  - revision: 2025-11-25\n    state: partial'),
        ),
      true,
    ],
    [
      'a drift report added',
      () =>
        writeFile(
          file('content/drift.json'),
          `${JSON.stringify({
            drift: 1,
            checked: '2026-11-29',
            releases: [],
            verdicts: [
              {
                client: 'hermes-agent',
                axis: 'revision',
                column: '2026-07-28',
                version: 'fixture-1.0',
                newest: 'fixture-2.0',
                evidence: 'read',
                at: { file: 'content/clients/hermes-agent.md', line: 1, column: 1 },
              },
            ],
            sources: [
              {
                note: 'fast-agent-leads-with-the-modern-discover-probe',
                url: 'https://github.com/evalstate/fast-agent',
                commit: '610a2f57',
                path: 'src/fast_agent/mcp/client_connection.py:62-108',
                status: 'changed',
                files: [{ file: 'src/fast_agent/mcp/client_connection.py', status: 'changed', lines: '62-108' }],
                at: { file: 'content/research/x.md', line: 1, column: 1 },
              },
            ],
          })}\n`,
        ),
      true,
    ],
    ['the drift report removed', () => rm(file('content/drift.json')), true],
    [
      'a bare astro build with another REPOSITORY_URL into the published site',
      // The README's bare build, with other settings, writes over the published pages: the next
      // `npm run build` must not take them for its own.
      () => bareBuild({ REPOSITORY_URL: 'https://github.com/x/y' }),
      false,
      // Its search bundle too: the stamps refuse it, so the rebuild indexes again.
      { log: KEPT_BUNDLE, not: true },
    ],
    [
      'npm run dev, a body edit it shows, and a build while it runs',
      async () => {
        const page = '/research/hermes-leads-with-the-legacy-handshake';
        const dev = await startDev(page);
        await edit(note('hermes-leads-with-the-legacy-handshake'), (text) => `${text}\nA paragraph the dev server saw.\n`);
        await vi.waitFor(async () => expect(await dev.get(page)).toContain('A paragraph the dev server saw.'), {
          timeout: 60_000,
          interval: 500,
        });
        return dev.stop;
      },
      true,
    ],
    [
      'a build after npm run dev stopped, then a body edit',
      async () => {
        await build(published(), publishedCache());
        const dev = await startDev('/research');
        await edit(
          note('fast-agent-leads-with-the-modern-discover-probe'),
          (text) => `${text}\nA paragraph added while dev ran.\n`,
        );
        await dev.get('/research/fast-agent-leads-with-the-modern-discover-probe');
        await dev.stop();
      },
      true,
    ],
    [
      'SITE_URL changed',
      async () => {
        // The reference note writes its canonical URL out, which would pin the old origin.
        await edit(note('hermes-leads-with-the-legacy-handshake'), (text) => text.replace(/^canonical: .*\n/m, ''));
        siteUrl = 'https://mirror.example.org';
      },
      false,
    ],
    [
      'a change to a module on the body path (links)',
      () =>
        edit('src/lib/routes/urls.ts', (text) =>
          text.replace(
            "return form === 'twin' && url === '/' ? '/index.md' : `${url}${forms[form].suffix}`;",
            "return form === 'twin' && url === '/' ? '/index.md' : form === 'page' ? `${url}?from=oracle` : `${url}${forms[form].suffix}`;",
          ),
        ),
      false,
    ],
    [
      "a change to a component's text",
      async () => {
        const footer = 'src/components/SiteFooter.astro';
        const text = await readFile(file(footer), 'utf8');
        // The first line of visible text in the footer, whatever it says.
        const changed = text.replace(/<footer([^>]*)>/, '<footer$1><p>Changed by the oracle.</p>');
        if (changed === text) throw new Error(`the oracle found no <footer> in ${footer}`);
        await writeFile(file(footer), changed);
      },
      false,
    ],
    [
      'a new per-note route, then a body edit',
      async () => {
        await mkdir(file('src/pages/research/[id]'), { recursive: true });
        await writeFile(
          file('src/pages/research/[id]/sources.json.ts'),
          [
            "import type { APIRoute } from 'astro';",
            "import { notePaths } from '../../../data/paths.ts';",
            '',
            'export const getStaticPaths = notePaths;',
            '',
            'export const GET: APIRoute = ({ props }) =>',
            '  new Response(JSON.stringify((props as { note: { data: { sources: unknown[] } } }).note.data.sources));',
            '',
          ].join('\n'),
        );
        // The route's first build writes every note's file; the defect showed on the next, after an edit.
        await build(published(), publishedCache());
        await edit(note('multilingual-search-fixture'), (text) => `${text}\nAnother paragraph the oracle added.\n`);
      },
      true,
    ],
  ];

  test.each(variants)('after %s', { timeout: 360_000 }, async (_name, change, reuses, says) => {
    const cleanup = await change();
    const compared = await rebuildAndCold().finally(() => cleanup?.());
    const { found, files, kept, log } = compared;
    if (reuses) expect(kept).toBeGreaterThan(0);
    if (says !== undefined) expect(says.log.test(log)).toBe(says.not !== true);
    expect(files).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
