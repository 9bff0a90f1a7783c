/**
 * A new reader in a real browser (Chromium) on the built site served like a plain static
 * host: navigation, filters, hostile content, accessibility in both colour schemes, screenshots.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { seriousViolations } from '../tests/support/axe.ts';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher } from '../tests/support/csp.ts';
import { serveBothDists } from '../tests/support/site.ts';

const shots = path.join(repoRoot, 'test-results/screenshots');

let browser: Browser;
let closeServers: (() => Promise<void>) | undefined;
let mainBase: string;
let fixtureBase: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ mainBase, fixtureBase, close: closeServers } = await serveBothDists());
  mkdirSync(shots, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await closeServers?.();
});

// Every page a test opens is watched; any Content-Security-Policy violation fails the test.
const csp = cspWatcher();
afterEach(() => {
  expect(csp.take(), 'Content-Security-Policy violations').toEqual([]);
});

const open = async (url: string, options: { colorScheme?: 'light' | 'dark'; width?: number } = {}): Promise<Page> => {
  const page = closedAfterTest(
    await csp.watch(
      await browser.newPage({
        viewport: { width: options.width ?? 1280, height: 900 },
        colorScheme: options.colorScheme ?? 'light',
      }),
    ),
  );
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  return page;
};

describe('a new reader', () => {
  test('walks from home to a client, a note, a related note, its twin, a revision, the matrix and back', async () => {
    const page = await open(`${mainBase}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Clients' }).click();
    await page.waitForURL(`${mainBase}/clients`);
    await page.getByRole('link', { name: 'fast-agent', exact: true }).first().click();
    await page.waitForURL(`${mainBase}/clients/fast-agent`);
    await page.locator('a[href="/research/fast-agent-leads-with-the-modern-discover-probe"]').first().click();
    await page.waitForURL(`${mainBase}/research/fast-agent-leads-with-the-modern-discover-probe`);
    expect(await page.locator('h1').textContent()).toContain('fast-agent');
    await page.locator('#related ~ ul a[href="/research/hermes-leads-with-the-legacy-handshake"]').click();
    await page.waitForURL(`${mainBase}/research/hermes-leads-with-the-legacy-handshake`);
    const twin = await page.locator('link[rel="alternate"][type="text/markdown"]').getAttribute('href');
    expect(twin).toBe('/research/hermes-leads-with-the-legacy-handshake.md');
    const response = await page.request.get(`${mainBase}${twin}`);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    expect(await response.text()).toMatch(/^---\nid: hermes-leads-with-the-legacy-handshake\n/);
    await page.locator('a[href="/revisions/2026-07-28"]').first().click();
    await page.waitForURL(`${mainBase}/revisions/2026-07-28`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Matrix' }).click();
    await page.waitForURL(`${mainBase}/matrix`);
    expect(await page.locator('td a').count()).toBeGreaterThan(0);
    await page.goBack();
    await page.waitForURL(`${mainBase}/revisions/2026-07-28`);
    await page.close();
  });

  test('filters /research, and the URL says so and survives back and forward', async () => {
    const page = await open(`${mainBase}/research`);
    const visible = () => page.locator('li[data-kind]:visible').count();
    const all = await visible();
    // Where /research holds more notes than one page, the matching ones come from the search index, a moment later.
    const matched = () => page.waitForFunction(() => document.querySelector('[data-count]')?.textContent?.includes(' match'));
    await page.selectOption('select[name="client"]', 'fast-agent');
    await page.waitForURL(/\?client=fast-agent$/);
    await matched();
    await expect.poll(visible).toBeLessThan(all);
    const byClient = await visible();
    expect(byClient).toBeGreaterThan(0);
    await page.selectOption('select[name="kind"]', 'nuance');
    await page.waitForURL(/kind=nuance/);
    await expect.poll(visible).toBeLessThanOrEqual(byClient);
    await page.goBack();
    await page.waitForURL(/\?client=fast-agent$/);
    await expect.poll(visible).toBe(byClient);
    expect(await page.inputValue('select[name="kind"]')).toBe('');
    const shared = await open(`${mainBase}/research?client=fast-agent`);
    await expect.poll(() => shared.locator('li[data-kind]:visible').count()).toBe(byClient);
    await Promise.all([page.close(), shared.close()]);
  });

  test('hostile Markdown does not run, and the prose around it renders', async () => {
    const page = await open(`${fixtureBase}/research/fast-agent-leads-with-the-modern-discover-probe`);
    let dialog = false;
    page.on('dialog', (d) => {
      dialog = true;
      void d.dismiss();
    });
    await page.locator('.prose a', { hasText: 'a link' }).click();
    expect(dialog).toBe(false);
    expect(await page.evaluate('window.pwned')).toBeUndefined();
    expect(await page.locator('.prose strong').textContent()).toBe('emphasis');
    expect(await page.locator('.prose iframe, .prose script').count()).toBe(0);
    await page.close();
  });
});

const kinds = [
  '/',
  '/research',
  '/research/hermes-leads-with-the-legacy-handshake',
  '/clients',
  '/clients/fast-agent',
  '/revisions',
  '/revisions/2026-07-28',
  '/capabilities',
  '/capabilities/protocolVersions',
  '/matrix',
  '/search',
  '/no-such-page',
];

describe('accessibility', () => {
  test.each(kinds)('%s has no serious or critical axe violation in either colour scheme', async (route) => {
    const page = closedAfterTest(await csp.watch(await browser.newPage()));
    await page.goto(`${mainBase}${route}`);
    expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
    await page.close();
  });
});

describe('accessibility of corrections', () => {
  test.each(['/research/hermes-leads-with-the-legacy-handshake', '/research/fixture-correction-of-the-reference-note'])(
    "the fixture site's %s, with its correction notice, has no serious or critical axe violation in either colour scheme",
    async (route) => {
      const page = closedAfterTest(await browser.newPage());
      await page.goto(`${fixtureBase}${route}`);
      expect(await page.getByRole('note').count()).toBe(1);
      expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
      await page.close();
    },
  );
});

describe('screenshots', () => {
  test.each([
    [375, 'light'],
    [375, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const)('at %i px in the %s scheme, pages fit the width', async (width, colorScheme) => {
    for (const route of ['/', '/research/hermes-leads-with-the-legacy-handshake', '/matrix', '/clients/hermes-agent']) {
      const page = await open(`${mainBase}${route}`, { width, colorScheme });
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, `${route} scrolls sideways at ${width}px`).toBeLessThanOrEqual(0);
      const name = `${route === '/' ? 'home' : route.slice(1).replace(/\//g, '_')}-${width}-${colorScheme}.png`;
      await page.screenshot({ path: path.join(shots, name), fullPage: true });
      await page.close();
    }
  });
});
