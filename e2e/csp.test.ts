/**
 * The Content-Security-Policy as the wall behind the sanitizer, in a real browser: a built note page
 * with an inline script and an event handler slipped in (as if sanitizing had failed) runs neither
 * and reports both, while the page's own hashed script keeps working.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher, waitUntil } from '../tests/support/csp.ts';
import { fixtureDist, requireDist, serveDist } from '../tests/support/site.ts';

const NOTE = 'research/hermes-leads-with-the-legacy-handshake';
const POLICY = /<meta http-equiv="content-security-policy" content="[^"]*">/;

let browser: Browser;
let dir: string;
let server: { url: string; close: () => Promise<void> } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  // A copy of the built site, so the pages written below never touch the shared build.
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-csp-'));
  await cp(requireDist(fixtureDist), dir, { recursive: true });
  const page = await readFile(path.join(dir, `${NOTE}.html`), 'utf8');
  expect(page).toMatch(POLICY);
  const injected = page.replace(
    /(<main[^>]*>)/,
    '$1<script>window.__pwned = 1</script><img src="/no-such-image.png" alt="" onerror="window.__pwnedByHandler = 1">',
  );
  expect(injected).toContain('window.__pwned = 1');
  await writeFile(path.join(dir, 'research/injected.html'), injected);
  // The same injection without the policy: proof that the payload does run where nothing stops it.
  await writeFile(path.join(dir, 'research/injected-without-policy.html'), injected.replace(POLICY, ''));
  server = await serveDist(dir);
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const visit = async (route: string) => {
  const csp = cspWatcher();
  const page = closedAfterTest(await csp.watch(await browser.newPage()));
  const response = await page.goto(`${server?.url}${route}`, { waitUntil: 'load' });
  expect(response?.status(), route).toBe(200);
  return { page, csp };
};

describe('the Content-Security-Policy', () => {
  test('blocks an inline script and an event handler injected into a built note page, and reports both', async () => {
    const { page, csp } = await visit('/research/injected');
    await waitUntil(page, 'document.querySelector("img[onerror]")?.complete === true');
    expect(await page.evaluate('window.__pwned')).toBeUndefined();
    expect(await page.evaluate('window.__pwnedByHandler')).toBeUndefined();
    // Reports arrive as events after the fact.
    await expect.poll(() => csp.seen().length).toBeGreaterThanOrEqual(2);
    const violations = csp.take();
    expect(
      violations.some((line) => /: script-src-elem blocked inline/.test(line)),
      violations.join('\n'),
    ).toBe(true);
    expect(
      violations.some((line) => /: script-src-attr blocked inline/.test(line)),
      violations.join('\n'),
    ).toBe(true);
    await page.close();
  });

  test('without the policy the same page runs the injected script (so the test above can fail)', async () => {
    const { page } = await visit('/research/injected-without-policy');
    await waitUntil(page, 'window.__pwnedByHandler === 1');
    expect(await page.evaluate('window.__pwned')).toBe(1);
    await page.close();
  });

  test("the untouched page reports no violation, and its own hashed script runs: '/' focuses the search box", async () => {
    const { page, csp } = await visit(`/${NOTE}`);
    await page.keyboard.press('/');
    expect(await page.evaluate('document.activeElement?.getAttribute("name")')).toBe('q');
    expect(csp.take()).toEqual([]);
    await page.close();
  });
});
