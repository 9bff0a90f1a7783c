/**
 * `npm run build` on broken content, through the public command: it stops before building, prints
 * check's problems, and leaves the last good output as it was.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, test } from 'vitest';
import { headersFor, headersHostOf, parseHeaders } from '../src/lib/outputs/headers.ts';
import { repoRoot } from '../src/node/paths.ts';
import { contentWith, lines, shown } from './support/broken.ts';
import { listFiles, read } from './support/dist.ts';
import { bundleFiles } from './support/search-bundle.ts';
import { TEST_BUILD_DATE, buildContent, fixtureContent, fixtureDist, fixtureRepository, requireDist } from './support/site.ts';

/** An environment as a reader's shell has it: without the NODE_ENV vitest sets. */
const withoutNodeEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  Object.fromEntries(Object.entries(env).filter(([name]) => name !== 'NODE_ENV'));

/** Every file under a folder with a hash of its bytes. */
const snapshot = async (dir: string) =>
  Object.fromEntries(
    await Promise.all(
      listFiles(dir)
        .sort()
        .map(
          async (file) =>
            [
              file,
              createHash('sha256')
                .update(await readFile(path.join(dir, file)))
                .digest('hex'),
            ] as const,
        ),
    ),
  );

describe('npm run build on broken content', () => {
  test('a file that is not UTF-8 stops the build with the same line as check, and nothing is written', async () => {
    const dir = await contentWith('not-utf8');
    const broken = await buildContent('check-not-utf8-build', dir);
    expect(broken.ok).toBe(false);
    expect(lines(broken.stderr)).toContain(
      shown(dir, 'research/not-utf8.md:21:17: not valid UTF-8: byte 0xE9 cannot stand here; save the file as UTF-8'),
    );
    expect(broken.stderr).toContain('1 problem found; nothing was built');
    expect(existsSync(broken.outDir)).toBe(false);
  });

  test('exits non-zero, prints the problems, and leaves the last good output byte for byte', { timeout: 240_000 }, async () => {
    const good = await buildContent('check-broken-build', await contentWith());
    expect(good.ok, good.stderr).toBe(true);
    const before = await snapshot(good.outDir);
    expect(Object.keys(before)).toContain('research/base-note.html');
    expect(Object.keys(before)).toContain('research/base-note.md');

    const dir = await contentWith('kind-not-in-list', 'clients-unknown');
    const broken = await buildContent('check-broken-build', dir);
    expect(broken.ok).toBe(false);
    expect(`${broken.stdout}\n${broken.stderr}`).not.toMatch(/^\s+at /m);
    const printed = lines(broken.stderr);
    expect(printed).toContain(
      shown(dir, 'research/clients-unknown.md:7:23: clients[1]: unknown client "hermes" (did you mean "hermes-agent"?)'),
    );
    expect(printed).toContain(
      shown(dir, 'research/kind-not-in-list.md:4:7: kind: expected one of nuance, support, gap, bug, change, got "nuace"'),
    );
    expect(broken.stderr).toContain('2 problems found; nothing was built');

    expect(await snapshot(good.outDir)).toEqual(before);
    // No half-built staging folder is left beside it either.
    const beside = await readdir(path.dirname(good.outDir));
    expect(beside.filter((name) => name.startsWith('check-broken-build.'))).toEqual(
      beside.includes('check-broken-build.cache') ? ['check-broken-build.cache'] : [],
    );
  });
});

describe('npm run build and check after a capture changed', () => {
  test(
    'a capture that passed in a good build is checked again once its bytes change, and refused',
    { timeout: 240_000 },
    async () => {
      const dir = await contentWith();
      const base = path.join(dir, 'captures', 'hermes-agent-0-9-0-observe-stdio.jsonl');
      const added = path.join(dir, 'captures', 'hermes-agent-0-9-1-observe-stdio.jsonl');
      const text = (await readFile(base, 'utf8')).replace('"version":"0.9.0"', '"version":"0.9.1"');
      await writeFile(added, text);
      const good = await buildContent('capture-changed-build', dir);
      expect(good.ok, good.stderr).toBe(true);
      const checksFile = path.join(`${good.outDir}.cache`, 'canimcp', 'capture-checks.json');
      const checks = await readFile(checksFile, 'utf8');
      expect(checks).toContain('"hermes-agent-0-9-1-observe-stdio"');
      const before = await snapshot(good.outDir);

      // The same file, one event's seq off: every other byte as the good build read it.
      await writeFile(added, text.replace('{"seq":3,', '{"seq":4,'));
      const expected = shown(dir, 'captures/hermes-agent-0-9-1-observe-stdio.jsonl:4:1: seq: expected 3, got 4');
      const broken = await buildContent('capture-changed-build', dir);
      expect(broken.ok).toBe(false);
      expect(lines(broken.stderr)).toContain(expected);
      expect(await snapshot(good.outDir)).toEqual(before);
      // A refused build keeps no check of what it refused.
      expect(await readFile(checksFile, 'utf8')).toBe(checks);

      // npm run check reads the same cache folder, and refuses the file too.
      const check = await promisify(execFile)(process.execPath, [path.join(repoRoot, 'src/cli/check.ts')], {
        cwd: repoRoot,
        env: { ...process.env, CONTENT_DIR: dir, ASTRO_CACHE_DIR: `${good.outDir}.cache`, BUILD_DATE: TEST_BUILD_DATE },
      }).then(
        () => ({ code: 0, stdout: '' }),
        (error: { code?: number; stdout?: string }) => ({ code: error.code, stdout: error.stdout ?? '' }),
      );
      expect(check.code).toBe(1);
      expect(lines(check.stdout)).toContain(expected);
    },
  );
});

describe('npm run build with a bad REPOSITORY_URL', () => {
  test('stops before building, with one readable line', async () => {
    const run = await buildContent('check-bad-repository', await contentWith(), {
      REPOSITORY_URL: 'https://gitlab.com/owner/name',
    });
    expect(run.ok).toBe(false);
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at /m);
    expect(lines(run.stderr)).toEqual([
      'error: REPOSITORY_URL: expected a GitHub repository like https://github.com/owner/name, got "https://gitlab.com/owner/name"',
    ]);
    expect(existsSync(run.outDir)).toBe(false);
  });
});

describe('npm run build with DEPLOY_HOST', () => {
  test('cloudflare: _headers has one canonical rule for every twin, fills in each page, and gives a mistyped twin no Markdown type', async () => {
    const run = await buildContent('deploy-host-cloudflare', fixtureContent, { DEPLOY_HOST: 'cloudflare' });
    expect(run.ok, run.stderr).toBe(true);
    const text = read(run.outDir, '_headers');
    expect(headersHostOf(text)).toBe('cloudflare');
    const rules = parseHeaders(text);
    const files = listFiles(run.outDir);
    const twins = files.filter((file) => file.endsWith('.md'));
    expect(twins.length).toBeGreaterThan(10);
    // A rule for all twins, one for the home page's twin (its page is /, not /index), one for captures: however many notes.
    expect(rules.map((rule) => rule.path)).toEqual(['/*.md', '/index.md', '/captures/*.jsonl']);
    for (const twin of twins) {
      const page = twin === 'index.md' ? '/' : `/${twin.slice(0, -'.md'.length)}`;
      expect(headersFor(rules, `/${twin}`, 'cloudflare'), twin).toEqual({ link: `<https://canimcp.io${page}>; rel="canonical"` });
    }
    // Cloudflare attaches the rules to the 404 page it serves for a mistyped twin: none of them types it as Markdown.
    expect(headersFor(rules, '/research/no-such-note.md', 'cloudflare')['content-type']).toBeUndefined();
    for (const file of files.filter((name) => name.endsWith('.html'))) {
      const url = `/${file}`.replace(/\.html$/, '').replace(/(^|\/)index$/, '/');
      expect(headersFor(rules, url, 'cloudflare'), url).toEqual({});
    }
  });

  test('anything but netlify or cloudflare stops the build before it starts, in one line', async () => {
    const run = await buildContent('deploy-host-bad', await contentWith(), { DEPLOY_HOST: 'vercel' });
    expect(run.ok).toBe(false);
    expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/^\s+at /m);
    expect(lines(run.stderr)).toEqual([
      'error: DEPLOY_HOST: expected netlify or cloudflare (or nothing, for netlify), got "vercel"',
    ]);
    expect(existsSync(run.outDir)).toBe(false);
  });
});

describe("npm run build and the dev server's cache", () => {
  test('a build does not pre-bundle dependencies: what npm run dev bundled stays as it was', async () => {
    const metadata = path.join(repoRoot, 'node_modules/.vite/deps/_metadata.json');
    const read = async () => (existsSync(metadata) ? await readFile(metadata, 'utf8') : undefined);
    const original = await read();
    // As npm run dev leaves it for a build: bundled under other settings, which made a build bundle again.
    if (original !== undefined) await writeFile(metadata, original.replace(/"configHash":\s*"[^"]*"/, '"configHash": "dev"'));
    const before = await read();
    try {
      const run = await buildContent('no-prebundle', await contentWith());
      expect(run.ok, run.stderr).toBe(true);
      expect(`${run.stdout}\n${run.stderr}`).not.toMatch(/optimiz\w* dependencies/i);
      expect(await read()).toBe(before);
    } finally {
      if (original !== undefined) await writeFile(metadata, original);
    }
  });
});

describe('npm run build after an edit', () => {
  const untouched = 'research/fast-agent-leads-with-the-modern-discover-probe.html';
  const edited = 'research/hermes-leads-with-the-legacy-handshake.html';
  // A page that lists notes (by title), and files of other routes that do.
  const client = 'clients/fast-agent.html';
  const clientFeed = 'clients/fast-agent/feed.xml';

  test(
    'keeps the pages and twins of unchanged notes and the pages that list notes, renders the edited note, renders every page but the other twins when a title changes, and everything when the code does',
    { timeout: 300_000 },
    async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'canimcp-reuse-'));
      try {
        await cp(fixtureContent, dir, { recursive: true });
        const build = async (env: Record<string, string> = {}) => {
          const run = await buildContent('page-reuse', dir, { REPOSITORY_URL: fixtureRepository, ...env });
          expect(run.ok, run.stderr).toBe(true);
          const page = async (file: string) => ({
            inode: (await stat(path.join(run.outDir, file))).ino,
            html: await readFile(path.join(run.outDir, file), 'utf8'),
          });
          return {
            outDir: run.outDir,
            output: run.stdout,
            headers: await readFile(path.join(run.outDir, '_headers'), 'utf8'),
            untouched: await page(untouched),
            edited: await page(edited),
            untouchedTwin: await page(untouched.replace(/\.html$/, '.md')),
            editedTwin: await page(edited.replace(/\.html$/, '.md')),
            client: await page(client),
            clientFeed: await page(clientFeed),
            clientCaptures: await page('clients/fast-agent/captures.html'),
          };
        };
        const note = (file: string) => path.join(dir, file.replace(/\.html$/, '.md'));

        const first = await build();
        expect(first.output).not.toMatch(/kept \d+ unchanged files/);

        await writeFile(note(edited), `${await readFile(note(edited), 'utf8')}\nA paragraph added after the first build.\n`);
        const second = await build();
        expect(second.output).toMatch(/kept \d+ unchanged files of the published site/);
        // The very file of the last build, not a copy: a hard link.
        expect(second.untouched).toEqual(first.untouched);
        expect(second.untouchedTwin).toEqual(first.untouchedTwin);
        // A body shows on its own page only: the pages that list notes are kept too.
        expect(second.client).toEqual(first.client);
        expect(second.clientFeed).toEqual(first.clientFeed);
        // The headers integration, which lists the twins in the output, saw the kept ones.
        expect(second.headers).toBe(first.headers);
        expect(second.headers).toContain('/research/fast-agent-leads-with-the-modern-discover-probe.md\n');
        expect(second.edited.html).toContain('A paragraph added after the first build.');
        expect(second.editedTwin.html).toContain('A paragraph added after the first build.');
        expect(first.edited.html).not.toContain('A paragraph added after the first build.');
        // The search index, started on the last build's records, is the one a cold build makes.
        const cold = await buildContent('page-reuse-cold', dir, { REPOSITORY_URL: fixtureRepository });
        expect(cold.ok, cold.stderr).toBe(true);
        const bundle = await bundleFiles(path.join(second.outDir, 'pagefind'));
        expect(bundle).toEqual(await bundleFiles(path.join(cold.outDir, 'pagefind')));
        expect([...bundle.values()].some((text) => text.includes('A paragraph added after the first build.'))).toBe(true);

        // A capture no note cites shows on its client's page only (the timeline): that page is built again, notes kept.
        const older = await readFile(path.join(dir, 'captures/fast-agent-0-2-40-observe-stdio.jsonl'), 'utf8');
        await writeFile(path.join(dir, 'captures/fast-agent-0-2-41-observe-stdio.jsonl'), older.replaceAll('0.2.40', '0.2.41'));
        // The registry's list names the new version, as `npm run probe -- releases` writes it.
        const releasesFile = path.join(dir, 'releases/fast-agent.json');
        const releases = JSON.parse(await readFile(releasesFile, 'utf8')) as { versions: Record<string, string> };
        releases.versions['0.2.41'] = '2026-06-09T10:00:00Z';
        await writeFile(releasesFile, `${JSON.stringify(releases, null, 2)}\n`);
        const captured = await build();
        expect(captured.output).toMatch(/kept \d+ unchanged files of the published site/);
        expect(captured.untouched).toEqual(second.untouched);
        // The client's page sums its versions up and links the version's row of its captures list.
        expect(captured.client.html).toContain('href="/clients/fast-agent/captures#v-0.2.41"');
        expect(captured.clientCaptures.html).toContain('href="/captures/fast-agent-0-2-41-observe-stdio"');
        expect(second.client.html).not.toContain('0.2.41');

        // Another note's title shows on this page (related notes), so every page is rendered again.
        const source = await readFile(note(untouched), 'utf8');
        await writeFile(
          note(untouched),
          source.replace('title: "Fixture: fast-agent leads', 'title: "Fixture, renamed: fast-agent leads'),
        );
        const third = await build();
        // A twin is made from its own note alone: the other notes' twins are kept, every page is not.
        expect(third.editedTwin).toEqual(second.editedTwin);
        expect(third.untouchedTwin.inode).not.toBe(second.untouchedTwin.inode);
        expect(third.untouched.inode).not.toBe(second.untouched.inode);
        expect(third.client.html).toContain('Fixture, renamed: fast-agent leads');
        expect(third.clientFeed.html).toContain('Fixture, renamed: fast-agent leads');
        expect(third.untouched.html).toContain('Fixture, renamed: fast-agent leads');
        expect(third.untouchedTwin.html).toContain('Fixture, renamed: fast-agent leads');
        expect(third.edited.inode).not.toBe(second.edited.inode);

        // What pages read from the environment counts as code.
        const fourth = await build({ REPOSITORY_URL: 'https://github.com/example/another-fixture' });
        expect(fourth.output).not.toMatch(/kept \d+ unchanged files/);
        expect(fourth.untouched.html).toContain('https://github.com/example/another-fixture/');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('npm run build where NODE_ENV says test', () => {
  test("is a production build all the same: the site ships the reader's messages, not the dev server's", () => {
    // The fixture site was built by the global setup inside vitest, where NODE_ENV is `test`.
    const dist = requireDist(fixtureDist);
    const scripts = listFiles(dist).filter((file) => file.endsWith('.js') && !file.startsWith('pagefind/'));
    const text = scripts.map((file) => read(dist, file)).join('\n');
    expect(text).toContain('Search is unavailable: the search index could not be loaded.');
    expect(text).not.toContain('the dev server searches the last build');
  });
});

describe('a bare astro build', () => {
  test(
    'with no npm run build around it (the loader prepares the content, the pagefind integration indexes), publishes what npm run build publishes',
    { timeout: 120_000 },
    async () => {
      const outDir = path.join(repoRoot, '.dist-test', 'bare-astro-build');
      try {
        await promisify(execFile)(
          process.execPath,
          [path.join(repoRoot, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', outDir],
          {
            cwd: repoRoot,
            // The fixture site's environment (tests/support/global-setup.ts), and a cache of its own;
            // no NODE_ENV, as in a reader's shell (vitest sets it to `test`).
            env: {
              ...withoutNodeEnv(process.env),
              CONTENT_DIR: fixtureContent,
              ASTRO_CACHE_DIR: `${outDir}.cache`,
              BUILD_DATE: TEST_BUILD_DATE,
              REPOSITORY_URL: fixtureRepository,
            },
            maxBuffer: 64 * 1024 * 1024,
          },
        );
        const built = await snapshot(outDir);
        expect(Object.keys(built)).toContain('pagefind/pagefind-entry.json');
        expect(built).toEqual(await snapshot(requireDist(fixtureDist)));
      } finally {
        await rm(outDir, { recursive: true, force: true });
        await rm(`${outDir}.cache`, { recursive: true, force: true });
      }
    },
  );
});
