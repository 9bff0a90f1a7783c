/**
 * Pages lead with the answer, tried as a new reader tries them in Chromium on a phone (375 × 667)
 * and a laptop (1366 × 768): a feature page shows every client's state on the first screen, a client
 * page opens with what it does and does not do and a contents list, the features grid keeps its
 * header row and feature column in view as it scrolls, and no page of any kind scrolls sideways on a
 * phone. Axe stays clean on the new openings at both sizes.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from '../tests/support/axe.ts';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher } from '../tests/support/csp.ts';
import { listFiles } from '../tests/support/dist.ts';
import { fixtureDist, mainDist, requireDist, serveBothDists } from '../tests/support/site.ts';

const PHONE = { width: 375, height: 667 };
const LAPTOP = { width: 1366, height: 768 };
const sizes = [
  ['phone', PHONE],
  ['laptop', LAPTOP],
] as const;

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

/** A page in a context of its own at a size, closed when the test ends. */
const opener = async (viewport: { width: number; height: number }): Promise<Page> => {
  const context = closedAfterTest(await browser.newContext({ viewport }));
  return csp.watch(await context.newPage());
};

const visit = async (page: Page, url: string): Promise<void> => {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
};

/** A built site's HTML pages as routes (`/research/x` for `research/x.html`), with each file's size. */
const routesOf = (dist: string) =>
  listFiles(requireDist(dist))
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({
      route: `/${file.slice(0, -'.html'.length)}`.replace(/\/index$/, '/'),
      bytes: statSync(path.join(dist, file)).size,
    }));

/**
 * Every page but the captures' own, which are many and one template: of those, each client's
 * largest (the most of what a client sent, so the likeliest to be wide).
 */
const pagesToWalk = (dist: string): string[] => {
  const all = routesOf(dist);
  const capture = /^\/captures\/(?!page\/)[^/]+$/;
  const largest = new Map<string, { route: string; bytes: number }>();
  for (const page of all.filter(({ route }) => capture.test(route))) {
    // A capture's id starts with its client's id and version: `claude-code-2-1-332-…`.
    const client = /^\/captures\/(.+?)-\d/.exec(page.route)?.[1] ?? page.route;
    if ((largest.get(client)?.bytes ?? -1) < page.bytes) largest.set(client, page);
  }
  return [...all.filter(({ route }) => !capture.test(route)), ...largest.values()].map(({ route }) => route);
};

describe('no page scrolls sideways on a 375 px phone', () => {
  test.each([
    ['main', () => mainBase, mainDist],
    ['fixture', () => fixtureBase, fixtureDist],
  ] as const)(
    'every page of the %s site, of every kind, fits the width',
    async (_name, base, dist) => {
      const routes = pagesToWalk(dist);
      // Every kind of page is walked: each top-level folder of the site, and the pages at its root.
      const kinds = new Set(routes.map((route) => route.split('/')[1] ?? ''));
      for (const kind of ['', 'research', 'clients', 'revisions', 'capabilities', 'features', 'captures', 'matrix', 'search'])
        expect(kinds, `pages of kind "${kind}"`).toContain(kind);
      const page = await opener(PHONE);
      const wide: string[] = [];
      for (const route of routes) {
        await visit(page, `${base()}${route}`);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > PHONE.width) wide.push(`${route}: ${width}px`);
      }
      expect(wide).toEqual([]);
    },
    600_000,
  );
});

describe('a feature page', () => {
  const featureRoutes = () =>
    routesOf(mainDist)
      .map(({ route }) => route)
      .filter((route) => route.startsWith('/features/'));

  test.each(sizes)(
    "on a %s, shows every client's state on the first screen, each linking its row",
    async (_name, viewport) => {
      const page = await opener(viewport);
      let withRows = 0;
      for (const route of featureRoutes()) {
        await visit(page, `${mainBase}${route}`);
        // The clients with a verdict at their defaults (a row of a client known only under a setting has no kind).
        const rows = await page.locator('tr[data-client][data-evidence]').count();
        if (rows === 0) continue;
        withRows += 1;
        const glance = await page.evaluate(() => {
          const names = [...document.querySelectorAll<HTMLAnchorElement>('.feature-glance dd a')];
          const states = [...document.querySelectorAll('.feature-glance .state')];
          return {
            links: names.map((link) => link.getAttribute('href') ?? ''),
            firstState: states[0]?.getBoundingClientRect().top ?? Infinity,
            lastName: names.at(-1)?.getBoundingClientRect().bottom ?? Infinity,
          };
        });
        expect(glance.firstState, route).toBeLessThan(viewport.height);
        expect(glance.lastName, route).toBeLessThanOrEqual(viewport.height);
        // One name a row, each landing on its row below.
        expect(glance.links, route).toHaveLength(rows);
        for (const href of glance.links)
          expect(await page.locator(`tr[data-client][id="${href.slice(1)}"]`).count(), `${route}${href}`).toBe(1);
      }
      expect(withRows).toBeGreaterThan(10);
    },
    300_000,
  );

  test('on a phone each client is a card that fits the width, its state under its name', async () => {
    const page = await opener(PHONE);
    await visit(page, `${mainBase}/features/tools/result/structuredContent`);
    const row = page.locator('tr[data-client]').first();
    const box = await row.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    const name = await row.locator('th').boundingBox();
    const state = await row.locator('.state').boundingBox();
    expect(state?.y ?? 0).toBeGreaterThan(name?.y ?? Infinity);
  });
});

describe('a client page', () => {
  const clientRoutes = () =>
    routesOf(mainDist)
      .map(({ route }) => route)
      .filter((route) => /^\/clients\/[^/]+$/.test(route));

  test.each(sizes)(
    'on a %s, opens with a contents list and a summary of what it does and does not do, on the first screen',
    async (_name, viewport) => {
      const page = await opener(viewport);
      const routes = clientRoutes();
      expect(routes.length).toBeGreaterThan(10);
      for (const route of routes) {
        await visit(page, `${mainBase}${route}`);
        const opening = await page.evaluate(() => {
          const top = (selector: string) => document.querySelector(selector)?.getBoundingClientRect().top ?? Infinity;
          return {
            contents: top('nav.contents'),
            summary: top('section.glance'),
            // A client with no verdict at all says so in words where the states would be.
            answer: Math.min(top('section.glance .state'), top('section.glance dd')),
            targets: [...document.querySelectorAll<HTMLAnchorElement>('nav.contents a, section.glance a')].map(
              (link) => link.getAttribute('href') ?? '',
            ),
          };
        });
        expect(opening.contents, route).toBeLessThan(viewport.height);
        expect(opening.summary, route).toBeLessThan(viewport.height);
        expect(opening.answer, route).toBeLessThan(viewport.height);
        // Every link of the contents and the summary lands on this page.
        expect(opening.targets.length, route).toBeGreaterThanOrEqual(7);
        for (const href of opening.targets) {
          expect(href, route).toMatch(/^#./);
          expect(await page.evaluate((id) => document.getElementById(id) !== null, href.slice(1)), `${route}${href}`).toBe(true);
        }
      }
    },
    300_000,
  );
});

describe('the features grid', () => {
  test.each(sizes)(
    'on a %s, keeps its header row and feature column in view while it scrolls down and across',
    async (_name, viewport) => {
      const page = await opener(viewport);
      await visit(page, `${mainBase}/features`);
      await page.evaluate(() => document.querySelector('.feature-grid')?.scrollIntoView());
      // As a reader scrolls: the wheel over the grid, down, then across.
      await page.mouse.move(viewport.width / 2, viewport.height / 2);
      for (let step = 0; step < 12; step++) await page.mouse.wheel(0, 100);
      for (let step = 0; step < 4; step++) await page.mouse.wheel(100, 0);
      await expect
        .poll(() => page.evaluate(() => document.querySelector('.feature-grid')?.parentElement?.scrollLeft ?? 0))
        .toBeGreaterThan(0);
      const seen = await page.evaluate(() => {
        const table = document.querySelector('.feature-grid');
        const region = table?.parentElement;
        if (!table || !region) return undefined;
        // Shown, not covered: the topmost element at a point inside it is it or within it.
        const shown = (element: Element | undefined) => {
          if (element === undefined) return false;
          const box = element.getBoundingClientRect();
          const x = box.left + Math.min(6, box.width / 2);
          const y = box.top + box.height / 2;
          if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) return false;
          const hit = document.elementFromPoint(x, y);
          return hit !== null && element.contains(hit);
        };
        const corner = table.querySelector('thead th')?.getBoundingClientRect();
        if (!corner) return undefined;
        const header = [...table.querySelectorAll('thead th')].find((th) => th.getBoundingClientRect().left > corner.right + 2);
        const feature = [...table.querySelectorAll('tbody th[scope="row"]')].find((th) => {
          const box = th.getBoundingClientRect();
          return box.top > Math.max(corner.bottom, 0) + 2 && box.bottom < innerHeight;
        });
        const firstRow = table.querySelector('tbody tr:not(.group) th[scope="row"]')?.getBoundingClientRect();
        return {
          scrolledDown: (firstRow?.bottom ?? 0) < corner.top,
          scrolledAcross: region.scrollLeft > 0,
          header: shown(header),
          feature: shown(feature),
        };
      });
      expect(seen).toEqual({ scrolledDown: true, scrolledAcross: true, header: true, feature: true });
    },
  );
});

describe('accessibility of the openings', () => {
  test.each([
    ['a client page, phone', '/clients/claude-code', PHONE],
    ['a client page, laptop', '/clients/claude-code', LAPTOP],
    ['a feature page, phone', '/features/lifecycle/version/acceptOlder', PHONE],
    ['a feature page, laptop', '/features/lifecycle/version/acceptOlder', LAPTOP],
    ['the features index, laptop', '/features', LAPTOP],
  ] as const)('%s has no serious or critical axe violation in either colour scheme', async (_name, route, viewport) => {
    const page = await opener(viewport);
    await visit(page, `${mainBase}${route}`);
    expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
  });
});
