/**
 * Search in a real browser (Chromium) on the fixture site, built with its Pagefind index and
 * served like a plain static host: linked and typed queries, filters and sort in the URL, back
 * and forward, the "/" key, non-Latin queries, ranking, no results, no chrome in the index, and the
 * page without JavaScript.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../tests/support/axe.ts';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher, waitUntil } from '../tests/support/csp.ts';
import { fixtureDist, requireDist, serveDist } from '../tests/support/site.ts';

const HERMES = '/research/hermes-leads-with-the-legacy-handshake';
const FAST_AGENT = '/research/fast-agent-leads-with-the-modern-discover-probe';
const MULTILINGUAL = '/research/multilingual-search-fixture';

let browser: Browser;
let server: { url: string; close: () => Promise<void> } | undefined;
let base: string;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await serveDist(requireDist(fixtureDist));
  base = server.url;
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const scriptErrors = new WeakMap<Page, string[]>();

// Every page a test opens is watched; any Content-Security-Policy violation (Pagefind's WebAssembly
// and worker included) fails the test.
const csp = cspWatcher();
afterEach(() => {
  expect(csp.take(), 'Content-Security-Policy violations').toEqual([]);
});

const open = async (route: string, options: { javaScriptEnabled?: boolean } = {}): Promise<Page> => {
  const context = closedAfterTest(await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options }));
  const page = await csp.watch(await context.newPage());
  const errors: string[] = [];
  scriptErrors.set(page, errors);
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(`${base}${route}`);
  expect(response?.status(), route).toBe(200);
  return page;
};

/** Closes a page, failing the test where its scripts threw. */
const close = async (page: Page) => {
  const errors = scriptErrors.get(page) ?? [];
  await page.context().close();
  expect(errors, 'script errors').toEqual([]);
};

/** Waits until the live region says the search settled, with text matching the pattern. */
const settled = async (page: Page, pattern: RegExp): Promise<string> => {
  await waitUntil(
    page,
    `(() => { const s = document.querySelector('[data-search-status]'); return s !== null && ${pattern}.test(s.textContent ?? ''); })()`,
  );
  return (await page.locator('[data-search-status]').textContent()) ?? '';
};

const resultLinks = (page: Page): Promise<string[]> =>
  page
    .locator('[data-search-results] .result-title a')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

const searchFor = async (
  route: string,
  pattern: RegExp = /results? for/,
): Promise<{ page: Page; links: string[]; status: string }> => {
  const page = await open(route);
  const status = await settled(page, pattern);
  return { page, links: await resultLinks(page), status };
};

describe('search', () => {
  test('a linked query shows the matching notes, with title, badges, date and a highlighted excerpt', async () => {
    const { page, links, status } = await searchFor('/search?q=server%2Fdiscover');
    // The feature of that name ranks among them too: features are searched beside notes.
    expect(links.slice(0, 3).sort()).toEqual([FAST_AGENT, '/features/lifecycle/serverDiscover', HERMES].sort());
    expect(status).toMatch(/^\d+ results for “server\/discover”\.$/);
    const live = page.locator('[data-search-status]');
    expect(await live.getAttribute('role')).toBe('status');
    expect(await live.getAttribute('aria-live')).toBe('polite');
    expect(await page.inputValue('[data-search-input]')).toBe('server/discover');
    const hermes = page.locator('[data-search-results] li', { has: page.locator(`a[href="${HERMES}"]`) });
    expect(await hermes.locator('a').first().textContent()).toBe(
      "Hermes reverses its SDK's auto mode and tries initialize before server/discover",
    );
    // The fixture's correction note lists the reference note in `corrects`, and the result says so.
    expect(await hermes.locator('.badge').allTextContents()).toEqual(['nuance', 'current', 'corrected in part']);
    expect(await hermes.locator('time').getAttribute('datetime')).toBe('2026-11-09');
    expect(await hermes.locator('.excerpt mark').count()).toBeGreaterThan(0);
    await close(page);
  });

  test('error codes, methods and revision ids are found as written, and an exact title or id comes first', async () => {
    for (const [query, first] of [
      ['-32022', HERMES],
      ['2026-07-28', '/revisions/2026-07-28'],
      ['fast-agent', '/clients/fast-agent'],
      ['multilingual-search-fixture', MULTILINGUAL],
      ['Hermes reverses', HERMES],
      ['Hermes Agent', '/clients/hermes-agent'],
    ] as const) {
      const { page, links } = await searchFor(`/search?q=${encodeURIComponent(query)}`);
      expect(links[0], query).toBe(first);
      await close(page);
    }
    const { page, links } = await searchFor(`/search?q=2026-07-28`);
    expect(links).toContain(HERMES);
    await close(page);
  });

  test('typing a query shows results and puts the query in the URL', async () => {
    const page = await open('/search');
    const filterChunks: string[] = [];
    // Pagefind fetches from its Web Worker, whose requests the context sees (not the page).
    page.context().on('request', (request) => {
      if (request.url().endsWith('.pf_filter')) filterChunks.push(request.url());
    });
    await page.locator('[data-search-input]').pressSequentially('zebracorn', { delay: 20 });
    await settled(page, /^1 result for “zebracorn”\.$/);
    expect(await resultLinks(page)).toEqual([MULTILINGUAL]);
    // A reader who only types never pays for the filter index; reaching for a filter loads it.
    expect(filterChunks).toEqual([]);
    await page.focus('select[name="kind"]');
    await expect.poll(() => filterChunks.length).toBeGreaterThan(0);
    expect(new URL(page.url()).search).toBe('?q=zebracorn');
    // Typing one query made one history entry, not one per letter.
    await page.goBack();
    await page.waitForURL(`${base}/search`);
    expect(await page.inputValue('[data-search-input]')).toBe('');
    expect(await resultLinks(page)).toEqual([]);
    await close(page);
  });

  test('a search that runs while the reader types leaves the box as typed: a pause after a space keeps the space', async () => {
    const page = await open('/search');
    const box = page.locator('[data-search-input]');
    await box.pressSequentially('legacy ', { delay: 20 });
    // The pause is long enough for the first word's search to run and show.
    await settled(page, /results? for “legacy”\.$/);
    expect(await box.inputValue()).toBe('legacy ');
    expect(new URL(page.url()).searchParams.get('q')).toBe('legacy');
    await box.pressSequentially('handshake', { delay: 20 });
    await settled(page, /results? for “legacy handshake”\.$/);
    expect(await box.inputValue()).toBe('legacy handshake');
    expect(await resultLinks(page)).toContain(HERMES);
    expect(new URL(page.url()).searchParams.get('q')).toBe('legacy handshake');
    // Spaces the reader left around the words stay in the box too; the URL carries the words.
    await box.press('End');
    await box.pressSequentially('  ', { delay: 20 });
    await page.keyboard.press('Enter');
    await settled(page, /results? for “legacy handshake”\.$/);
    expect(await box.inputValue()).toBe('legacy handshake  ');
    // A query from the URL still fills the box.
    await page.goto(`${base}/search?q=${encodeURIComponent(' zebracorn ')}`);
    await settled(page, /^1 result for “zebracorn”\.$/);
    expect(await box.inputValue()).toBe('zebracorn');
    await close(page);
  });

  test('a filter narrows the results and changes the URL; back and forward restore each search', async () => {
    const page = await open('/search?q=discover');
    const all = await settled(page, /^\d+ results for “discover”\.$/);
    const before = await resultLinks(page);
    const clientOptions = () => page.locator('select[name="client"] option').allTextContents();
    // Counts come with the filter index, which loads when a reader reaches for the filters.
    expect(await clientOptions()).toEqual(['any', 'fast-agent', 'Hermes Agent']);
    await page.focus('select[name="client"]');
    await expect.poll(clientOptions).toEqual(['any', 'fast-agent (2)', 'Hermes Agent (2)']);
    await page.selectOption('select[name="client"]', 'hermes-agent');
    await page.waitForURL(`${base}/search?q=discover&client=hermes-agent`);
    await settled(page, /with 1 filter\.$/);
    const narrowed = await resultLinks(page);
    expect(narrowed.length).toBeLessThan(before.length);
    expect(narrowed.sort()).toEqual([HERMES, MULTILINGUAL].sort());
    await page.selectOption('select[name="kind"]', 'gap');
    await page.waitForURL(`${base}/search?q=discover&kind=gap&client=hermes-agent`);
    await settled(page, /with 2 filters\.$/);
    expect(await resultLinks(page)).toEqual([MULTILINGUAL]);

    await page.goBack();
    await page.waitForURL(`${base}/search?q=discover&client=hermes-agent`);
    await settled(page, /with 1 filter\.$/);
    expect((await resultLinks(page)).sort()).toEqual(narrowed.sort());
    expect(await page.inputValue('select[name="kind"]')).toBe('');
    await page.goBack();
    await page.waitForURL(`${base}/search?q=discover`);
    expect(await settled(page, /^\d+ results for “discover”\.$/)).toBe(all);
    expect(await resultLinks(page)).toEqual(before);
    expect(await page.inputValue('select[name="client"]')).toBe('');
    await page.goForward();
    await page.waitForURL(`${base}/search?q=discover&client=hermes-agent`);
    await settled(page, /with 1 filter\.$/);
    expect(await page.inputValue('select[name="client"]')).toBe('hermes-agent');
    await close(page);
  });

  test('filters work without words, and sorting by last verified lists notes newest first', async () => {
    const { page, links } = await searchFor(
      '/search?capability=protocolVersions&sort=lastVerified',
      /^3 results with 1 filter\.$/,
    );
    expect(links).toEqual([HERMES, FAST_AGENT, MULTILINGUAL]);
    expect(await page.inputValue('[data-search-sort]')).toBe('lastVerified');
    await close(page);
    const sorted = await open('/search?q=discover');
    await settled(sorted, /^\d+ results for “discover”\.$/);
    await sorted.selectOption('[data-search-sort]', 'lastVerified');
    await sorted.waitForURL(`${base}/search?q=discover&sort=lastVerified`);
    await settled(sorted, /^3 results for “discover”\.$/);
    expect(await resultLinks(sorted)).toEqual([HERMES, FAST_AGENT, MULTILINGUAL]);
    await close(sorted);
  });

  test('Japanese, accented Latin and Hebrew queries find the note that contains them', async () => {
    for (const query of ['検索テスト', '検索', 'négociation', 'negociation', 'פרוטוקול']) {
      const { page, links } = await searchFor(`/search?q=${encodeURIComponent(query)}`);
      expect(links, query).toEqual([MULTILINGUAL]);
      await close(page);
    }
    // Typed, too, and the excerpt shows the Japanese as written (the index splits it into words).
    const page = await open('/search');
    await page.locator('[data-search-input]').fill('検索テスト');
    await settled(page, /^1 result for “検索テスト”\.$/);
    const excerpt = (await page.locator('[data-search-results] .excerpt').textContent()) ?? '';
    expect(excerpt).toContain('これは検索テストのための文章です');
    expect(await page.locator('[data-search-results] .excerpt mark').allTextContents()).toEqual(['検索テスト']);
    await close(page);
  });

  test('a query with no match says so and links to /research', async () => {
    const { page, links, status } = await searchFor('/search?q=qzxwvkj', /^No results/);
    expect(links).toEqual([]);
    expect(status).toBe('No results for “qzxwvkj”.');
    const empty = page.locator('[data-search-empty]');
    expect(await empty.isVisible()).toBe(true);
    expect(await empty.textContent()).toContain('Nothing matches “qzxwvkj”');
    expect(await empty.locator('a[href="/research"]').count()).toBe(1);
    await close(page);
  });

  test('the index holds no skip link, header, footer or breadcrumb text', async () => {
    // Words that appear on every page, but only in the skip link, header, footer and breadcrumbs.
    for (const word of ['Sitemap', 'Skip', 'llms.txt', 'Home']) {
      const { page, links } = await searchFor(`/search?q=${encodeURIComponent(word)}`, /^No results/);
      expect(links, word).toEqual([]);
      await close(page);
    }
  });

  test('"/" focuses the search box; arrow and tab keys reach the results; Enter follows one', async () => {
    const page = await open('/search?q=zebracorn');
    await settled(page, /^1 result/);
    await page.locator('h1').click();
    await page.keyboard.press('/');
    expect(await page.evaluate(`document.activeElement?.hasAttribute('data-search-input')`)).toBe(true);
    // Tab moves from the box through the filters to the results.
    let reached = false;
    for (let presses = 0; presses < 20 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = (await page.evaluate(`document.activeElement?.getAttribute('href')`)) === MULTILINGUAL;
    }
    expect(reached).toBe(true);
    await page.keyboard.press('/');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(`document.activeElement?.getAttribute('href')`)).toBe(MULTILINGUAL);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${base}${MULTILINGUAL}`);
    await close(page);

    // Elsewhere "/" focuses the header box, whose form takes the reader to /search?q=….
    const note = await open(HERMES);
    await note.keyboard.press('/');
    expect(await note.evaluate(`document.activeElement?.hasAttribute('data-site-search')`)).toBe(true);
    await note.keyboard.type('zebracorn');
    await note.keyboard.press('Enter');
    await note.waitForURL(`${base}/search?q=zebracorn`);
    await settled(note, /^1 result for “zebracorn”\.$/);
    expect(await resultLinks(note)).toEqual([MULTILINGUAL]);
    await close(note);
  });

  test('results are text: hostile note content does not run or become markup', async () => {
    const { page, links } = await searchFor('/search?q=styled');
    expect(links).toContain(FAST_AGENT);
    expect(await page.evaluate('window.pwned')).toBeUndefined();
    const tags = await page.locator('[data-search-results] .excerpt *').evaluateAll((nodes) => nodes.map((node) => node.tagName));
    expect(tags.every((tag) => tag === 'MARK' || tag === 'CODE')).toBe(true);
    await close(page);
  });

  test('with results showing, the page has no serious or critical axe violation', async () => {
    const { page } = await searchFor('/search?q=discover&client=fast-agent');
    expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
    await close(page);
  });

  test('nothing moves while the form shows and the results arrive (cumulative layout shift ≤ 0.05)', async () => {
    for (const viewport of [
      { width: 412, height: 823 },
      { width: 1350, height: 940 },
    ]) {
      const context = closedAfterTest(await browser.newContext({ viewport }));
      const page = await context.newPage();
      await page.addInitScript(
        `window.__shift = 0; new PerformanceObserver((list) => { for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shift += entry.value; }).observe({ type: 'layout-shift', buffered: true });`,
      );
      await page.goto(`${base}/search?q=discover`);
      await settled(page, /results? for/);
      await page.waitForTimeout(500);
      expect(await page.evaluate('window.__shift'), `${viewport.width} px`).toBeLessThanOrEqual(0.05);
      await context.close();
    }
  });

  test('without JavaScript, /search says search needs it and links to /research', async () => {
    const page = await open('/search?q=discover', { javaScriptEnabled: false });
    const main = page.locator('main');
    expect(await main.textContent()).toContain('Search needs JavaScript');
    expect(await main.locator('a[href="/research"]').first().isVisible()).toBe(true);
    expect(await page.locator('[data-search-form]').isVisible()).toBe(false);
    await close(page);
  });
});
