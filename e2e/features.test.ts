/**
 * A feature page in a real browser: what it means, its spec references, a row per client with the
 * unknown clients apart; no sideways scroll on a 375 px phone; axe in both colour schemes, at a
 * desktop and a phone width.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../tests/support/axe.ts';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher } from '../tests/support/csp.ts';
import { serveBothDists } from '../tests/support/site.ts';

let browser: Browser;
let closeServers: (() => Promise<void>) | undefined;
let mainBase: string;
let fixtureBase: string;

beforeAll(async () => {
  browser = await launchBrowser();
  ({ mainBase, fixtureBase, close: closeServers } = await serveBothDists());
});

afterAll(async () => {
  await browser?.close();
  await closeServers?.();
});

const csp = cspWatcher();
afterEach(() => {
  expect(csp.take(), 'Content-Security-Policy violations').toEqual([]);
});

const open = async (url: string, width = 1280): Promise<Page> => {
  // Closed when the test ends, passed or failed: an assertion that throws leaves no context open.
  const context = closedAfterTest(await browser.newContext({ viewport: { width, height: 900 } }));
  const page = await csp.watch(await context.newPage());
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  return page;
};

describe('a feature page', () => {
  test('says what the feature means and where the spec says so, then a row per client, unknown apart', async () => {
    const page = await open(`${fixtureBase}/features/lifecycle/serverDiscover`);
    expect(await page.locator('h1').textContent()).toBe('Sends server/discover');
    const spec = page.locator('ul.spec a').first();
    expect(await spec.getAttribute('href')).toMatch(
      /^https:\/\/github\.com\/modelcontextprotocol\/modelcontextprotocol\/blob\/b0f60ba5[0-9a-f]{32}\/docs\/specification\/2026-07-28\/server\/discover\.mdx#L62-L87$/,
    );
    const row = page.locator('tr[data-client="fast-agent"]');
    expect(await row.locator('.state').textContent()).toContain('yes');
    expect(await row.textContent()).toContain('Over HTTP only, in the fixture.');
    expect(await page.locator('[data-unknown-clients]').textContent()).toContain('Hermes Agent');
    // The client's name is a link to its page; following it lands there.
    await row.locator('th a').click();
    await page.waitForURL(`${fixtureBase}/clients/fast-agent`);
    expect(await page.locator('section[aria-labelledby="client-features"]').textContent()).toContain('Sends server/discover');
    await page.context().close();
  });

  test('on a 375 px phone the page does not scroll sideways; the clients table scrolls in its own box', async () => {
    for (const url of [
      `${fixtureBase}/features/lifecycle/serverDiscover`,
      `${mainBase}/features/tools/result/structuredContent`,
      `${mainBase}/features`,
    ]) {
      const page = await open(url, 375);
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, url).toBeLessThanOrEqual(0);
      await page.context().close();
    }
  });

  test.each([
    ['the fixture feature with a verdict, desktop', () => `${fixtureBase}/features/lifecycle/serverDiscover`, 1280],
    ['the fixture feature with a verdict, phone', () => `${fixtureBase}/features/lifecycle/serverDiscover`, 375],
    ['a main-site feature, phone', () => `${mainBase}/features/tools/result/structuredContent`, 375],
    ['the features index, phone', () => `${mainBase}/features`, 375],
  ])('%s has no serious or critical axe violation in either colour scheme', async (_name, url, width) => {
    const page = await open(url(), width);
    expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
    await page.context().close();
  });
});
