/**
 * The support matrix in a real browser, served like a plain static host: comparing 2 to 4 clients
 * with the URL in step (back and forward), by keyboard, every row without JavaScript, each verdict
 * linking its row on the client's page, a 375 px phone, and axe in both colour schemes.
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

const errors = new WeakMap<Page, string[]>();

// Every page the tests open reports Content-Security-Policy violations; there must be none.
const csp = cspWatcher();
afterEach(() => {
  expect(csp.take(), 'Content-Security-Policy violations').toEqual([]);
});

const open = async (url: string, options: { width?: number; javaScriptEnabled?: boolean } = {}): Promise<Page> => {
  const context = closedAfterTest(
    await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    }),
  );
  const page = await csp.watch(await context.newPage());
  const thrown: string[] = [];
  errors.set(page, thrown);
  page.on('pageerror', (error) => thrown.push(error.message));
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  return page;
};

/** Closes a page, failing the test where its scripts threw. */
const close = async (page: Page) => {
  const thrown = errors.get(page) ?? [];
  await page.context().close();
  expect(thrown, 'script errors').toEqual([]);
};

/** The clients whose rows show, per table. */
const shown = (page: Page) =>
  page.evaluate<string[][]>(`[...document.querySelectorAll('table[data-matrix]')].map((table) =>
    [...table.querySelectorAll('tr[data-client]')].filter((row) => !row.hidden && row.offsetParent !== null).map((row) => row.dataset.client))`);

const compared = (page: Page) => new URL(page.url()).searchParams.get('compare');

describe('comparing clients on /matrix', () => {
  test('picking 2 to 4 clients shows only their rows in both tables, with the URL in step through back and forward', async () => {
    const page = await open(`${mainBase}/matrix`);
    const boxes = page.locator('input[name="compare"]');
    const ids = await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const everyone = await shown(page);
    expect(everyone).toEqual([ids, ids].map((list) => [...list]));

    // One pick compares nothing yet: every row stays.
    await boxes.nth(0).check();
    await page.waitForURL(`${mainBase}/matrix?compare=${ids[0]}`);
    expect(await shown(page)).toEqual(everyone);
    await expect.poll(() => page.locator('[data-compare-status]').textContent()).toMatch(/^Pick one more/);

    await boxes.nth(1).check();
    await page.waitForURL(new RegExp(`\\?compare=${ids[0]},${ids[1]}$`));
    expect(await shown(page)).toEqual([ids.slice(0, 2), ids.slice(0, 2)]);
    expect(await page.locator('[data-compare-status]').textContent()).toMatch(/^Comparing 2 clients: /);

    await boxes.nth(2).check();
    await boxes.nth(3).check();
    expect(compared(page)).toBe(ids.slice(0, 4).join(','));
    expect(await shown(page)).toEqual([ids.slice(0, 4), ids.slice(0, 4)]);
    // Four is the most: a fifth cannot be picked.
    expect(await boxes.nth(4).isDisabled()).toBe(true);

    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('compare') === ids.slice(0, 3).join(','));
    expect(await shown(page)).toEqual([ids.slice(0, 3), ids.slice(0, 3)]);
    expect(await boxes.nth(4).isDisabled()).toBe(false);
    expect(await boxes.nth(3).isChecked()).toBe(false);
    await page.goBack();
    await page.goBack();
    await page.waitForURL(`${mainBase}/matrix?compare=${ids[0]}`);
    expect(await shown(page)).toEqual(everyone);
    await page.goForward();
    await page.waitForURL((url) => url.searchParams.get('compare') === ids.slice(0, 2).join(','));
    expect(await shown(page)).toEqual([ids.slice(0, 2), ids.slice(0, 2)]);

    await page.getByRole('button', { name: 'Show all clients' }).click();
    await page.waitForURL(`${mainBase}/matrix`);
    expect(await shown(page)).toEqual(everyone);
    expect(await boxes.evaluateAll((inputs) => inputs.some((input) => (input as HTMLInputElement).checked))).toBe(false);
    await close(page);
  });

  test('a shared URL opens on the same comparison; unknown ids are ignored', async () => {
    const page = await open(`${mainBase}/matrix`);
    const ids = await page
      .locator('input[name="compare"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const [first, , third] = ids;
    const shared = await open(`${mainBase}/matrix?compare=${third},no-such-client,${first}`);
    const expected = ids.filter((id) => id === first || id === third);
    expect(await shown(shared)).toEqual([expected, expected]);
    expect(await shared.locator(`input[value="${third}"]`).isChecked()).toBe(true);
    await Promise.all([close(page), close(shared)]);
  });

  test('works from the keyboard alone', async () => {
    const page = await open(`${mainBase}/matrix`);
    const ids = await page
      .locator('input[name="compare"]')
      .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
    const active = () => page.evaluate(`document.activeElement?.getAttribute('name') + ':' + document.activeElement?.value`);
    for (let step = 0; step < 40 && (await active()) !== `compare:${ids[0]}`; step += 1) await page.keyboard.press('Tab');
    expect(await active()).toBe(`compare:${ids[0]}`);
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('compare') === ids.slice(0, 2).join(','));
    expect(await shown(page)).toEqual([ids.slice(0, 2), ids.slice(0, 2)]);
    // On past the other boxes (one a client) to "Show all clients".
    for (let step = 0; step < ids.length + 5 && (await page.evaluate('document.activeElement?.tagName')) !== 'BUTTON'; step += 1)
      await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${mainBase}/matrix`);
    expect((await shown(page))[0]).toEqual(ids);
    // Past the "only what is current" box, the tables' scroll regions take focus, so the arrow keys scroll them.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(`document.activeElement?.getAttribute('name')`)).toBe('current');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(`document.activeElement?.getAttribute('role')`)).toBe('region');
    await close(page);
  });

  test('without JavaScript every row shows and the compare form stays out of the way', async () => {
    const page = await open(`${mainBase}/matrix?compare=zed,codex`, { javaScriptEnabled: false });
    const rows = await page.locator('table[data-matrix="revision"] tr[data-client]').count();
    expect(rows).toBeGreaterThan(2);
    expect(await page.locator('table[data-matrix="revision"] tr[data-client]:visible').count()).toBe(rows);
    expect(await page.locator('table[data-matrix="capability"] tr[data-client]:visible').count()).toBe(rows);
    expect(await page.locator('[data-compare]').isVisible()).toBe(false);
    await close(page);
  });
});

describe("a cell's detail on /matrix", () => {
  /** The id of the element the URL's fragment names, where it is the page's :target. */
  const target = (page: Page) => page.evaluate<string | null>(`document.querySelector(':target')?.id ?? null`);

  test("Tab reaches every verdict in reading order; Enter opens its row on the client's page, with its caveat and notes", async () => {
    const page = await open(`${fixtureBase}/matrix`);
    const links = page.locator('a.verdict');
    const count = await links.count();
    expect(count).toBe(5);
    const hrefs = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href')));
    const focused = () =>
      page.evaluate<string | null>(
        `document.activeElement?.matches('a.verdict') ? document.activeElement.getAttribute('href') : null`,
      );
    for (let step = 0; step < 60 && (await focused()) !== hrefs[0]; step += 1) await page.keyboard.press('Tab');
    expect(await focused()).toBe(hrefs[0]);
    // Tab goes on through every verdict in reading order (past each row's client link).
    const reached: (string | null)[] = [await focused()];
    for (let step = 0; step < 40 && reached.length < count; step += 1) {
      await page.keyboard.press('Tab');
      const href = await focused();
      if (href !== null) reached.push(href);
    }
    expect(reached).toEqual(hrefs);
    await Promise.all([page.waitForURL(`${fixtureBase}${hrefs.at(-1)}`), page.keyboard.press('Enter')]);
    const [, fragment] = (hrefs.at(-1) ?? '').split('#');
    expect(await target(page)).toBe(fragment);
    const row = page.locator(`[id="${fragment}"]`);
    expect(await row.isVisible()).toBe(true);
    expect(await row.locator('a[href^="/research/"]').count()).toBeGreaterThan(0);
    await close(page);
  });

  test('a click on a partial verdict lands on its row, which shows the caveat the matrix leaves out', async () => {
    const page = await open(`${fixtureBase}/matrix`);
    const partial = page.locator('td.cell-partial a.verdict');
    expect(await page.locator('main').textContent()).not.toContain('Fixture: reached only after');
    const href = (await partial.getAttribute('href')) ?? '';
    await Promise.all([page.waitForURL(`${fixtureBase}${href}`), partial.click()]);
    const row = page.locator(':target');
    expect(await row.textContent()).toContain('Fixture: reached only after a modern-only server rejects initialize.');
    // The reader lands on the row: it is in view.
    const box = await row.boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    expect(box?.y).toBeLessThan(900);
    await close(page);
  });

  test('without JavaScript a cell still opens its detail: it is a plain link', async () => {
    const page = await open(`${fixtureBase}/matrix`, { javaScriptEnabled: false });
    const partial = page.locator('td.cell-partial a.verdict');
    await Promise.all([page.waitForURL(/\/clients\/[^#]+#verdict-/), partial.click()]);
    expect(await target(page)).not.toBeNull();
    await close(page);
  });

  test("on a 375 px phone the verdict's row fits the screen", async () => {
    const page = await open(`${mainBase}/matrix`, { width: 375 });
    const partial = page.locator('td.cell-partial a.verdict').first();
    const href = (await partial.getAttribute('href')) ?? '';
    await Promise.all([page.waitForURL(`${mainBase}${href}`), partial.click()]);
    const box = await page.locator(':target').boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    expect(
      await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth'),
    ).toBeLessThanOrEqual(0);
    await close(page);
  });

  test("a client page opened at a verdict's row has no serious or critical axe violation in either colour scheme", async () => {
    const page = await open(`${fixtureBase}/matrix`);
    const href = (await page.locator('td.cell-partial a.verdict').getAttribute('href')) ?? '';
    const detail = await open(`${fixtureBase}${href}`);
    expect(await target(detail)).not.toBeNull();
    expect(await seriousViolations(detail)).toEqual({ light: [], dark: [] });
    await Promise.all([close(page), close(detail)]);
  });
});

describe('/matrix while it loads', () => {
  test('nothing shifts: the compare form is laid out before the script runs', async () => {
    // On a phone the form sat in view above the first table: before this fix its arrival shifted the page by 0.03.
    for (const [base, width] of [
      [mainBase, 390],
      [mainBase, 1280],
      [fixtureBase, 390],
    ] as const) {
      const page = await open(`${base}/matrix`, { width });
      await page.waitForLoadState('load');
      const shift = await page.evaluate<number>(
        `new Promise((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 500);
        })`,
      );
      expect(shift, `${base} at ${width} px`).toBeLessThan(0.01);
      await close(page);
    }
  });
});

describe('/matrix on a 375 px phone', () => {
  test('the page does not scroll sideways; a wide table scrolls inside its box with the client column held', async () => {
    for (const url of [`${mainBase}/matrix`, `${fixtureBase}/matrix`, `${fixtureBase}/clients/fast-agent`]) {
      const page = await open(url, { width: 375 });
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, url).toBeLessThanOrEqual(0);
      await close(page);
    }
    // The main site's capability table has a column per capability: far wider than a phone.
    const page = await open(`${mainBase}/matrix`, { width: 375 });
    const region = page.locator('.scroll').last();
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeGreaterThan(0);
    const header = region.locator('tbody th').first();
    const before = await header.boundingBox();
    await region.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    expect(await region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    expect((await header.boundingBox())?.x).toBe(before?.x);
    await close(page);
  });
});

describe('/matrix accessibility', () => {
  test.each([
    ['the fixture, a cell in every state', () => `${fixtureBase}/matrix`],
    ['the main site, comparing two clients', () => `${mainBase}/matrix?compare=zed,codex`],
    ['a client page with verdicts', () => `${fixtureBase}/clients/hermes-agent`],
    ['a client page with a version timeline and identities', () => `${fixtureBase}/clients/fast-agent`],
    ['a revision page with verdicts', () => `${fixtureBase}/revisions/2025-11-25`],
    ['a capability page with an unknown', () => `${fixtureBase}/capabilities/protocolVersions`],
  ])('%s has no serious or critical axe violation in either colour scheme', async (_name, url) => {
    const page = await open(url());
    expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
    await close(page);
  });
});
