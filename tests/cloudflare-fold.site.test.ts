/**
 * The Cloudflare form folds the captures' files into packs served by a Pages Function. Built through
 * the public command with `DEPLOY_HOST=cloudflare`, its `_worker.js` is imported as Pages would run
 * it and called with `Request`s, its `ASSETS` the built site's files (the site's own server,
 * `staticAssets`): every capture URL of the Netlify form (the fixture site the global setup built
 * with the same content and settings) answers with the same bytes and the headers that form gives
 * them, and the deployment counts three files fewer a capture, plus the packs.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';
import { invokesFunction, type RoutesFile, type WorkerEnv } from '../src/lib/outputs/capture-worker.ts';
import { HOST_FILES, contentTypeOf, headersFor, parseHeaders } from '../src/lib/outputs/headers.ts';
import { matchOutputFile } from '../src/lib/outputs/output-files.ts';
import { outputs, type Output, type OutputName } from '../src/lib/routes/outputs.ts';
import { staticAssets } from '../src/node/serve.ts';
import { listFiles, read } from './support/dist.ts';
import { bundleFiles } from './support/search-bundle.ts';
import { buildContent, fixtureContent, fixtureDist, fixtureRepository, requireDist } from './support/site.ts';

/** The files Pages counts: all but those it reads as configuration. */
const deployed = (dist: string) => listFiles(dist).filter((file) => !HOST_FILES.has(file));

interface PagesFunction {
  fetch: (request: Request, env: WorkerEnv) => Promise<Response>;
}

let folded: string;
let netlify: string;
let worker: PagesFunction;
let env: WorkerEnv;
let buildLog: string;

beforeAll(async () => {
  netlify = requireDist(fixtureDist);
  const run = await buildContent('cloudflare-fold', fixtureContent, {
    DEPLOY_HOST: 'cloudflare',
    REPOSITORY_URL: fixtureRepository,
  });
  if (!run.ok) throw new Error(run.stderr);
  folded = run.outDir;
  buildLog = run.stdout;
  worker = ((await import(pathToFileURL(path.join(folded, '_worker.js')).href)) as { default: PagesFunction }).default;
  env = { ASSETS: { fetch: staticAssets(folded) } };
}, 240_000);

/** Every capture file of the Netlify form, with the URL it is served at. */
const captureFiles = () =>
  listFiles(netlify)
    .filter((file) => /^captures\/[^/]+\.(html|md|jsonl)$/.test(file))
    .map((file) => ({ file, url: `/${file.replace(/\.html$/, '')}` }));

const call = (url: string, init?: RequestInit) => worker.fetch(new Request(`https://canimcp.io${url}`, init), env);

describe('DEPLOY_HOST=cloudflare folds the captures', () => {
  test('no capture file is left in the site; packs, _worker.js and _routes.json are, and the build says what it folded', () => {
    const files = listFiles(folded);
    expect(files.filter((file) => file.startsWith('captures/'))).toEqual([]);
    expect(files.filter((file) => file.startsWith('capture-packs/'))).toEqual(['capture-packs/000.pack']);
    expect(files).toContain('_worker.js');
    expect(files).toContain('_routes.json');
    expect(captureFiles()).toHaveLength(9);
    expect(buildLog).toContain('cloudflare: folded 9 files of 3 captures into 1 packs (0 kept unchanged), served by _worker.js');
  });

  test('every file is an output of a row the Cloudflare form writes, and each of those rows has its files', () => {
    const written = (output: Output) => output.hosts === undefined || output.hosts.includes('cloudflare');
    const files = listFiles(folded).map(
      (file) => [file, matchOutputFile(file).filter((match) => written(match.output))] as const,
    );
    expect(files.filter(([, matches]) => matches.length === 0).map(([file]) => file)).toEqual([]);
    const found = new Set(files.flatMap(([, matches]) => matches.map((match) => match.name)));
    const rows = (Object.entries(outputs) as [OutputName, Output][]).filter(([, output]) => written(output));
    // The fixture is too small for the paged lists.
    expect(rows.filter(([name]) => !found.has(name)).map(([name]) => name)).toEqual([
      'researchPage',
      'clientCapturesPage',
      'capturesPage',
    ]);
  });

  test('Pages counts three files fewer a capture, plus the packs', () => {
    const captures = captureFiles().length / 3;
    expect(deployed(folded)).toHaveLength(deployed(netlify).length - 3 * captures + 1);
    // Every other file is the Netlify form's, byte for byte, but _headers, written for its host.
    const others = deployed(folded).filter((file) => !file.startsWith('capture-packs/'));
    for (const file of others) expect(read(folded, file), file).toBe(read(netlify, file));
  });

  test('every capture URL of the Netlify form answers with the same bytes and the headers that form gives it', async () => {
    const rules = parseHeaders(read(netlify, '_headers'));
    for (const { file, url } of captureFiles()) {
      const response = await call(url);
      expect(response.status, url).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(path.join(netlify, file))), url).toBe(true);
      const expected = { 'content-type': contentTypeOf(file), ...headersFor(rules, url, 'netlify') };
      expect(Object.fromEntries(response.headers), url).toMatchObject(expected);
      const head = await call(url, { method: 'HEAD' });
      expect(Object.fromEntries(head.headers), url).toEqual(Object.fromEntries((await call(url)).headers));
      expect(await head.text()).toBe('');
    }
    // The capture file's type carries its charset: Pages' own typing would have made it application/octet-stream.
    expect(captureFiles().some(({ file }) => file.endsWith('.jsonl'))).toBe(true);
  });

  test('the page forms Pages redirects still redirect; an unknown capture is the site 404 page', async () => {
    const [page] = captureFiles().filter(({ file }) => file.endsWith('.html'));
    if (page === undefined) throw new Error('the fixture has no capture page');
    for (const url of [`${page.url}.html`, `${page.url}/`]) {
      const response = await call(url);
      expect(response.status, url).toBe(308);
      expect(response.headers.get('location')).toBe(page.url);
    }
    for (const url of ['/captures/no-such-capture', '/captures/no-such-capture.md', '/captures/no-such-capture.jsonl']) {
      const response = await call(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).toBe(read(netlify, '404.html'));
    }
  });

  test('its _routes.json sends the capture URLs to it and leaves the index and every other page static', () => {
    const routes = JSON.parse(read(folded, '_routes.json')) as RoutesFile;
    for (const { url } of captureFiles()) expect(invokesFunction(routes, url), url).toBe(true);
    const pages = listFiles(folded).filter((file) => file.endsWith('.html') && !file.startsWith('captures/'));
    for (const file of pages) {
      const url = `/${file.replace(/\.html$/, '')}`;
      expect(invokesFunction(routes, url), url).toBe(false);
    }
  });

  test('search is indexed before the fold: the Pagefind bundle is the Netlify form’s, file for file', async () => {
    const [ours, theirs] = await Promise.all([
      bundleFiles(path.join(folded, 'pagefind')),
      bundleFiles(path.join(netlify, 'pagefind')),
    ]);
    expect([...ours.keys()]).toEqual([...theirs.keys()]);
    for (const [file, text] of ours) expect(text, file).toBe(theirs.get(file));
  });
});

describe('a rebuild of the Cloudflare form', () => {
  test(
    'keeps a pack whose captures are unchanged, and packs again the one a new capture joins',
    { timeout: 480_000 },
    async () => {
      const before = await readFile(path.join(folded, 'capture-packs/000.pack'));
      const again = await buildContent('cloudflare-fold', fixtureContent, {
        DEPLOY_HOST: 'cloudflare',
        REPOSITORY_URL: fixtureRepository,
      });
      if (!again.ok) throw new Error(again.stderr);
      expect(again.stdout).toContain('into 1 packs (1 kept unchanged)');
      expect((await readFile(path.join(folded, 'capture-packs/000.pack'))).equals(before)).toBe(true);
      // The same content with one capture more, rebuilt into the same site with the same caches.
      const content = await mkdtemp(path.join(tmpdir(), 'canimcp-fold-'));
      try {
        await cp(fixtureContent, content, { recursive: true });
        const [first] = captureFiles().filter(({ file }) => file.endsWith('.jsonl'));
        if (first === undefined) throw new Error('the fixture has no capture');
        const id = path.basename(first.file, '.jsonl');
        await cp(path.join(content, 'captures', `${id}.jsonl`), path.join(content, 'captures', `${id}-again.jsonl`));
        const added = await buildContent('cloudflare-fold', content, {
          DEPLOY_HOST: 'cloudflare',
          REPOSITORY_URL: fixtureRepository,
        });
        if (!added.ok) throw new Error(added.stderr);
        expect(added.stdout).toContain('folded 12 files of 4 captures into 1 packs (0 kept unchanged)');
        const rebuilt = (
          (await import(`${pathToFileURL(path.join(folded, '_worker.js')).href}?added`)) as { default: PagesFunction }
        ).default;
        const fetchFrom = (url: string) =>
          rebuilt.fetch(new Request(`https://canimcp.io${url}`), { ASSETS: { fetch: staticAssets(folded) } });
        const response = await fetchFrom(`/captures/${id}-again.jsonl`);
        expect(response.status).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(path.join(netlify, first.file)))).toBe(true);
        for (const { url } of captureFiles()) expect((await fetchFrom(url)).status, url).toBe(200);
      } finally {
        await rm(content, { recursive: true, force: true });
      }
    },
  );
});
