/**
 * Lists that must not grow with the corpus, on a generated site of 130 notes (the bench's corpus
 * shape): /research shows a bounded page at a time and, without JavaScript, every note is reached
 * through its pages; with it, a filter lists every matching note of the corpus from the search
 * index, a batch at a time, and the URL carries the filters through back and forward.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { writeCorpus, type Corpus } from '../bench/corpus.ts';
import { parseFile } from '../src/lib/content/frontmatter.ts';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher, waitUntil } from '../tests/support/csp.ts';
import { buildContent, serveDist } from '../tests/support/site.ts';
import { PAGE_SIZE } from '../src/lib/outputs/paging.ts';

const NOTES = 130;

// Every page the tests open reports Content-Security-Policy violations; there must be none.
const csp = cspWatcher();
afterEach(() => {
  expect(csp.take(), 'Content-Security-Policy violations').toEqual([]);
});

let work: string;
let corpus: Corpus;
let dist: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'canimcp-research-'));
  corpus = await writeCorpus(path.join(work, 'content'), { notes: NOTES, clients: 6 });
  const built = await buildContent('research-scale', corpus.dir);
  if (!built.ok) throw new Error(`building the generated site failed:\n${built.stderr || built.stdout}`);
  dist = built.outDir;
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** A generated note's frontmatter. */
const frontmatterOf = (id: string): Record<string, unknown> =>
  parseFile(readFileSync(path.join(corpus.dir, 'research', `${id}.md`), 'utf8'))?.data as Record<string, unknown>;

const page = (route: string): string => readFileSync(path.join(dist, route === '/' ? 'index.html' : `${route}.html`), 'utf8');
const hrefs = (html: string): string[] => [...html.matchAll(/href="([^"#?]+)"/g)].map((match) => match[1] as string);

/** The notes /research and its pages list without JavaScript, in their order. */
const listed = (): string[] => {
  const notes = ['/research', '/research/page/2', '/research/page/3'].flatMap((route) =>
    hrefs(page(route)).filter((href) => /^\/research\/[^/]+$/.test(href) && !href.endsWith('.md')),
  );
  return [...new Set(notes)];
};

describe('without JavaScript', () => {
  test('/research shows one bounded page at a time, and its pages reach every note', () => {
    const seen = new Set<string>();
    const notes = new Set<string>();
    const queue = ['/research'];
    while (queue.length > 0) {
      const route = queue.shift() as string;
      if (seen.has(route)) continue;
      seen.add(route);
      const html = page(route);
      const onPage = hrefs(html).filter((href) => /^\/research\/[^/]+$/.test(href) && !href.endsWith('.md'));
      expect(new Set(onPage).size, route).toBeLessThanOrEqual(PAGE_SIZE);
      for (const href of onPage) notes.add(href.slice('/research/'.length));
      for (const href of hrefs(html)) if (/^\/research(\/page\/\d+)?$/.test(href)) queue.push(href);
    }
    expect(seen).toEqual(new Set(['/research', '/research/page/2', '/research/page/3']));
    expect([...notes].sort()).toEqual([...corpus.noteIds].sort());
  });

  test('client, revision and capability pages list the newest notes and link to all of them', () => {
    const client = corpus.clientIds[0] as string;
    const html = page(`/clients/${client}`);
    // One section per capability: at most five notes each, then a link to the rest on /research.
    const sections = html.split('<section').slice(1);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      const notes = hrefs(section).filter((href) => /^\/research\/[^/]+$/.test(href));
      expect(notes.length).toBeLessThanOrEqual(5);
    }
    expect(html).toMatch(/See all \d+ notes about [A-Z]/);
    expect(html).toContain(`href="/research?client=${client}&amp;capability=`);
    expect(html).toContain(`href="/research?client=${client}"`);
    const revision = page('/revisions/2026-07-28');
    expect(hrefs(revision).filter((href) => /^\/research\/[^/]+$/.test(href)).length).toBeLessThanOrEqual(20);
    expect(revision).toMatch(/See all \d+ notes naming 2026-07-28/);
    expect(revision).toContain('href="/research?revision=2026-07-28"');
  });
});

describe('with JavaScript', () => {
  let browser: Browser;
  let server: { url: string; close: () => Promise<void> };

  beforeAll(async () => {
    browser = await launchBrowser();
    server = await serveDist(dist);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const visible = (tab: Page) =>
    tab.locator('li[data-kind]:visible a.title').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  const settled = (tab: Page) => waitUntil(tab, `/notes match$/.test(document.querySelector('[data-count]')?.textContent ?? '')`);
  const naming = (field: 'clients' | 'specVersions', value: string) =>
    corpus.noteIds.filter((id) => (frontmatterOf(id)[field] as string[]).includes(value)).map((id) => `/research/${id}`);

  test('typing a query most notes match asks Pagefind for one search, not one a key, and one page of fragments before the results show', async () => {
    const query = 'handshake negotiation';
    const context = closedAfterTest(await browser.newContext());
    // What the page asks Pagefind's worker (each message names a method), and when the results first show.
    await context.addInitScript(`(() => {
      const asked = (window.pagefindAsked = []);
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message && typeof message.method === 'string') asked.push(message.method);
        return post.call(this, message, ...rest);
      };
      new MutationObserver((changes, observer) => {
        if (document.querySelector('[data-search-results] li')) {
          window.firstDrawn = performance.timeOrigin + performance.now();
          observer.disconnect();
        }
      }).observe(document, { subtree: true, childList: true });
    })()`);
    const fragments: Request[] = [];
    context.on('requestfinished', (request) => {
      if (request.url().endsWith('.pf_fragment')) fragments.push(request);
    });
    const tab = await csp.watch(await context.newPage());
    await tab.goto(`${server.url}/search`);
    await tab.locator('[data-search-input]').focus();
    // Keys closer together than the shortest pause (80 ms), so the search waits for the last one.
    await tab.keyboard.type(query, { delay: 20 });
    await waitUntil(
      tab,
      `(document.querySelector('[data-search-status]')?.textContent ?? '').includes(${JSON.stringify(query)})`,
    );
    const status = (await tab.locator('[data-search-status]').textContent()) ?? '';
    expect(Number(/^(\d+) results?/.exec(status)?.[1]), status).toBeGreaterThan(NOTES / 2);
    expect(await tab.locator('[data-search-results] .result-title a').count()).toBe(10);
    const firstDrawn = await tab.evaluate<number>('window.firstDrawn');
    const early = new Set(fragments.filter((request) => request.timing().startTime < firstDrawn).map((request) => request.url()));
    expect(early.size, 'fragments fetched before the first results showed').toBeLessThanOrEqual(10);
    const searches = (await tab.evaluate<string[]>('window.pagefindAsked')).filter((method) => method === 'search');
    // One after the last key; a loaded machine may let a pause or two fall mid-word.
    expect(searches.length, 'searches asked of Pagefind').toBeLessThan(query.length / 3);
  });

  test('a filter lists every matching note of the corpus, from any page, and back and forward restore each view', async () => {
    const tab = closedAfterTest(await csp.watch(await browser.newPage()));
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(`${server.url}/research/page/2`);
    const pageTwo = await visible(tab);
    expect(pageTwo).toHaveLength(PAGE_SIZE);

    const client = corpus.clientIds[0] as string;
    const expected = naming('clients', client);
    expect(expected.length).toBeGreaterThan(25);
    await tab.selectOption('select[name="client"]', client);
    await tab.waitForURL(`${server.url}/research?client=${client}`);
    await settled(tab);
    expect(await tab.locator('[data-count]').textContent()).toBe(`${expected.length} of ${NOTES} notes match`);
    // A batch first, then the rest on demand.
    expect(await visible(tab)).toHaveLength(25);
    while (await tab.locator('[data-more]').isVisible()) {
      const before = (await visible(tab)).length;
      await tab.click('[data-more]');
      await waitUntil(tab, `document.querySelectorAll('[data-filtered] li[data-kind]').length > ${before}`);
    }
    expect((await visible(tab)).sort()).toEqual([...expected].sort());
    // In the static list's order, newest first, though the filtered list comes from the index.
    expect(await visible(tab)).toEqual(listed().filter((href) => expected.includes(href)));

    await tab.selectOption('select[name="revision"]', '2026-07-28');
    await tab.waitForURL(`${server.url}/research?client=${client}&revision=2026-07-28`);
    await settled(tab);
    const both = expected.filter((href) => naming('specVersions', '2026-07-28').includes(href));
    expect(await tab.locator('[data-count]').textContent()).toBe(`${both.length} of ${NOTES} notes match`);

    await tab.goBack();
    await tab.waitForURL(`${server.url}/research?client=${client}`);
    await settled(tab);
    expect(await tab.locator('[data-count]').textContent()).toBe(`${expected.length} of ${NOTES} notes match`);
    expect(await tab.inputValue('select[name="revision"]')).toBe('');
    await tab.goBack();
    await tab.waitForURL(`${server.url}/research/page/2`);
    await waitUntil(tab, `!document.querySelector('[data-static]').hidden`);
    expect(await visible(tab)).toEqual(pageTwo);
    expect(await tab.inputValue('select[name="client"]')).toBe('');

    // A shared link opens filtered.
    await tab.goto(`${server.url}/research?revision=2026-07-28`);
    await settled(tab);
    expect(await tab.locator('[data-count]').textContent()).toBe(
      `${naming('specVersions', '2026-07-28').length} of ${NOTES} notes match`,
    );
    expect(errors).toEqual([]);
    await tab.close();
  });
});
