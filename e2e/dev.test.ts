/**
 * `npm run dev` as an author uses it, in Debian's Chromium: an edit to a note shows on reload without
 * a restart, and a note that fails validation shows check's message in the terminal and on the page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { freePort } from '../tests/support/ports.ts';
import { TEST_BUILD_DATE, fixtureContent } from '../tests/support/site.ts';

const id = 'hermes-leads-with-the-legacy-handshake';
const title = 'Hermes reverses its SDK’s auto mode and tries initialize before server/discover';
const brokenMessage = 'kind: expected one of nuance, support, gap, bug, change, got "nuace"';

let dir = '';
let file = '';
let original = '';
let server: ChildProcess | undefined;
let output = '';
let origin = '';
let browser: Browser;
let page: Page;

/** The environment of an author's shell: without what vitest sets for itself (NODE_ENV=test, VITEST_*). */
const authorEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST')),
);

/** Polls until `check` passes, reloading the page each time: what an author does after saving. */
const eventually = async (what: string, check: () => Promise<boolean>, timeout = 30_000) => {
  const deadline = Date.now() + timeout;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n--- dev server output ---\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
};

/** Opens a page as an author reloads it; a navigation lost to the page reloading itself is tried again. */
const open = async (url: string) => {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.goto(url, { waitUntil: 'domcontentloaded' });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-dev-'));
  await cp(fixtureContent, dir, { recursive: true });
  file = path.join(dir, 'research', `${id}.md`);
  original = await readFile(file, 'utf8');
  const port = await freePort();
  // Its own process group, so afterAll can end the server and anything it started in one signal.
  server = spawn(process.execPath, [path.join(repoRoot, 'src/cli/dev.ts')], {
    cwd: repoRoot,
    env: { ...authorEnv, CONTENT_DIR: dir, PORT: String(port), BUILD_DATE: TEST_BUILD_DATE, NO_COLOR: '1', FORCE_COLOR: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<never>((_, reject) =>
    server?.once('exit', (code) => reject(new Error(`npm run dev exited with ${String(code)} before it was ready\n${output}`))),
  );
  // Vite moves to another port when the one asked for is taken, so read the URL it prints.
  const ready = (async () => {
    await eventually('the dev server prints its URL', () => Promise.resolve(/Local\s+http:\/\/\S+/.test(output)), 120_000);
    origin = /Local\s+(http:\/\/[^\s/]+)/.exec(output)?.[1] ?? '';
    await eventually('the dev server answers', async () => (await fetch(`${origin}/`)).ok, 60_000);
  })();
  await Promise.race([ready, exited]);
  browser = await launchBrowser();
  page = await browser.newPage();
  // The page's own Vite client reloads it after every content store write (and once after its first
  // load, for the write made before it connected). A goto racing such a reload can be interrupted, or
  // stall until its timeout without sending a request; at the 30 s default one stalled try used all
  // of `eventually`'s time, so each try is bounded and `open` tries again.
  page.setDefaultTimeout(8_000);
}, 240_000);

afterAll(async () => {
  await browser?.close();
  const pid = server?.pid;
  if (server && pid !== undefined && server.exitCode === null) {
    const gone = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(-pid, 'SIGTERM');
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, 5_000);
    await gone;
    clearTimeout(timer);
  }
  if (dir !== '') await rm(dir, { recursive: true, force: true });
}, 30_000);

test('an edited title shows on reload, without restarting the server', async () => {
  await open(`${origin}/research/${id}`);
  expect((await page.locator('h1').textContent())?.replace(/'/g, '’')).toBe(title);
  await writeFile(file, original.replace(/^title: .*$/m, 'title: Edited while the dev server runs'));
  await eventually('the page shows the new title', async () => {
    await open(`${origin}/research/${id}`);
    return (await page.locator('h1').textContent()) === 'Edited while the dev server runs';
  });
  expect(await page.locator('[role="alert"]').count()).toBe(0);
  // The note's twin follows the same edit, served as Markdown.
  const twin = await fetch(`${origin}/research/${id}.md`);
  expect(twin.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  const text = await twin.text();
  expect(text).toContain('title: Edited while the dev server runs\n');
  expect(text).toContain('\n# Edited while the dev server runs\n');
  expect((await fetch(`${origin}/research/no-such-note.md`)).status).toBe(404);
});

test("a note that fails validation shows check's message in the terminal and on the page, and recovers", async () => {
  await writeFile(file, original.replace('kind: nuance', 'kind: nuace'));
  const alert = page.locator('[role="alert"]');
  await eventually('the page shows the problem', async () => {
    await open(`${origin}/research/${id}`);
    return (await alert.count()) > 0 && ((await alert.textContent()) ?? '').includes(brokenMessage);
  });
  // The same line check prints: path:line:column: field: message.
  expect(await alert.textContent()).toContain(`${path.relative(repoRoot, file)}:4:7: ${brokenMessage}`);
  expect(output).toContain(`${path.relative(repoRoot, file)}:4:7: ${brokenMessage}`);
  // Other pages carry the panel too, so the author sees it wherever they are.
  await open(`${origin}/`);
  expect(await alert.textContent()).toContain(brokenMessage);

  await writeFile(file, original);
  await eventually('the page is back without the panel', async () => {
    await open(`${origin}/research/${id}`);
    return (await alert.count()) === 0 && ((await page.locator('h1').textContent()) ?? '').replace(/'/g, '’') === title;
  });
});
