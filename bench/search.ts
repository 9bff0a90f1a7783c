/**
 * The first search on a built site, in Chromium with an empty cache: bytes Pagefind transfers
 * (script, worker, WASM, index and fragment chunks, from Chromium's network events) and
 * the time from the search call to ten results with their data. Where the /search page has a
 * `data-search-input` box, typing a query into it until results show is measured too.
 *
 * `node bench/search.ts <site> [query …]` measures the first search of each query on a built site
 * (the site's `dist/`, or a Hugo + Pagefind output kept with --keep): what a query's words cost
 * varies with where Pagefind's chunks fall, so one query alone says little about a corpus.
 * `node bench/search.ts --typed <site> [<site> …] [--runs N] [--query "words"]` types the query
 * into each site's box (/search, or Pagefind's UI page on a reference site), the sites taking turns.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Request } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser.ts';
import { serveDist } from '../tests/support/site.ts';
import { descendantsCpuMs } from './measure.ts';

export interface TransferBreakdown {
  /** Bytes on the wire (headers included) of every /pagefind/ request, as this server sends them. */
  bytes: number;
  /** The same, where the host gzips text files (scripts, JSON). */
  gzipBytes: number;
  requests: number;
  byKind: Record<string, { bytes: number; requests: number }>;
}

export interface SearchMeasurement {
  query: string;
  /** Results the query matched. */
  results: number;
  /** import('/pagefind/pagefind.js') alone. */
  importMs: number;
  /** pagefind.search() through ten results' data(): the first query's time to results. */
  searchMs: number;
  /** import + search + data. */
  totalMs: number;
  /** A second query on the same page, Pagefind warm: search() → ten results' data. */
  warmSearchMs: number;
  transfer: TransferBreakdown;
  /** Typing into the search page's own box until results show, where the page has one. */
  ui: { ms: number; transfer: TransferBreakdown } | { skipped: string };
}

const kindOf = (url: string): string => {
  const name = new URL(url).pathname.split('/').pop() ?? '';
  if (name.endsWith('.js')) return 'script';
  if (name.startsWith('wasm.')) return 'wasm';
  if (name.startsWith('pagefind-entry')) return 'entry';
  if (name.endsWith('.pf_meta')) return 'meta';
  if (name.endsWith('.pf_index')) return 'index';
  if (name.endsWith('.pf_fragment')) return 'fragment';
  if (name.endsWith('.pf_filter')) return 'filter';
  return 'other';
};

/**
 * Records every /pagefind/ request of a browser context with its bytes on the wire. Pagefind 1.x
 * loads its WASM and index chunks from a Web Worker, which a page's own CDP session does not see;
 * Playwright's context events do (they come from CDP Network events for the page and its workers).
 * Where Chromium reports no body size (it does so for the worker's own script), the file's size is
 * used: the site's server sends files as they are, uncompressed.
 */
const watchNetwork = (context: BrowserContext, distDir: string, every = false) => {
  const counted = (pathname: string) => every || pathname.startsWith('/pagefind/');
  const pending = new Set<Promise<void>>();
  const finished: { url: string; bytes: number; gzipBytes: number }[] = [];
  let started = 0;
  const onRequest = (request: Request) => {
    if (counted(new URL(request.url()).pathname)) started += 1;
  };
  const onDone = (request: Request) => {
    const url = new URL(request.url());
    if (!counted(url.pathname)) return;
    const task = (async () => {
      const sizes = await request.sizes().catch(() => undefined);
      const file = path.join(distDir, decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname));
      const body = sizes && sizes.responseBodySize > 0 ? sizes.responseBodySize : await fileSize(file);
      const headers = sizes?.responseHeadersSize ?? 0;
      finished.push({ url: request.url(), bytes: body + headers, gzipBytes: (await gzipSize(file, body)) + headers });
    })();
    pending.add(task);
    void task.finally(() => pending.delete(task));
  };
  context.on('request', onRequest);
  context.on('requestfinished', onDone);
  context.on('requestfailed', onDone);
  /** Waits until every /pagefind/ request has finished, then sums them. */
  const settle = async (): Promise<TransferBreakdown> => {
    const deadline = Date.now() + 5_000;
    while (finished.length < started && Date.now() < deadline) {
      await Promise.all(pending);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const byKind: TransferBreakdown['byKind'] = {};
    for (const request of finished) {
      const entry = (byKind[kindOf(request.url)] ??= { bytes: 0, requests: 0 });
      entry.bytes += request.bytes;
      entry.requests += 1;
    }
    return {
      bytes: finished.reduce((sum, request) => sum + request.bytes, 0),
      gzipBytes: finished.reduce((sum, request) => sum + request.gzipBytes, 0),
      requests: finished.length,
      byKind,
    };
  };
  return { settle };
};

const fileSize = (file: string) =>
  stat(file).then(
    (info) => info.size,
    () => 0,
  );

/**
 * What a host that gzips text would send: Pagefind's .pf_* chunks and WASM are gzipped already,
 * its scripts and JSON are not.
 */
const gzipSize = async (file: string, fallback: number) => {
  if (!/\.(js|json|css)$/.test(file)) return fallback;
  const text = await readFile(file).catch(() => undefined);
  return text ? gzipSync(text, { level: 6 }).length : fallback;
};

interface ApiTiming {
  importMs: number;
  searchMs: number;
  totalMs: number;
  results: number;
}

/**
 * Runs in the page; a string because tools rewrite import() inside functions (STACK.md).
 * No init() first: in Pagefind 1.6 init() (or the first search()) starts the worker, which loads
 * the entry, metadata and WASM, so here the first search() pays for them. (/search calls init()
 * when its script runs, so a reader's typing does not wait for them.)
 */
const firstSearch = (query: string) => `(async () => {
  const t0 = performance.now();
  const pagefind = await import('/pagefind/pagefind.js');
  const t1 = performance.now();
  const search = await pagefind.search(${JSON.stringify(query)});
  await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
  const t2 = performance.now();
  return { importMs: t1 - t0, searchMs: t2 - t1, totalMs: t2 - t0, results: search.results.length };
})()`;

/** A second query on the same page: Pagefind is warm, only its index chunk and fragments load. */
const nextSearch = (query: string) => `(async () => {
  const pagefind = await import('/pagefind/pagefind.js');
  const t0 = performance.now();
  const search = await pagefind.search(${JSON.stringify(query)});
  await Promise.all(search.results.slice(0, 10).map((result) => result.data()));
  return performance.now() - t0;
})()`;

const measureUi = async (
  context: BrowserContext,
  url: string,
  distDir: string,
  query: string,
): Promise<{ ms: number; transfer: TransferBreakdown }> => {
  const network = watchNetwork(context, distDir);
  const page = await context.newPage();
  await page.goto(`${url}/search`, { waitUntil: 'load' });
  const input = page.locator('[data-search-input]').first();
  await input.waitFor({ state: 'visible', timeout: 10_000 });
  // Results are links to notes inside the results region (or main, until the UI names one).
  const countResults = `(() => {
    const root = document.querySelector('[data-search-results]') ?? document.querySelector('main') ?? document.body;
    return [...root.querySelectorAll('a[href*="/research/"]')].filter((a) => a.offsetParent !== null).length;
  })()`;
  const before = await page.evaluate<number>(countResults);
  // The site's Content-Security-Policy refuses the eval behind waitForFunction; evaluate is exempt,
  // so the page itself watches for the results and resolves.
  const shown = page.evaluate(`new Promise((resolve, reject) => {
    const done = () => ${countResults} > ${before};
    const observer = new MutationObserver(() => { if (done()) { observer.disconnect(); resolve(true); } });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    setTimeout(() => { observer.disconnect(); reject(new Error('no results after 15 s')); }, 15000);
  })`);
  const started = performance.now();
  await input.fill(query);
  await shown;
  const ms = performance.now() - started;
  const transfer = await network.settle();
  await page.close();
  return { ms, transfer };
};

/** How a typed search is found on a page: its box, its status line (which names the query once results show) and its result links. */
export interface SearchBox {
  /** The page's path (`/search`, `/pagefind-ui.html`). */
  path: string;
  input: string;
  status: string;
  results: string;
}

/** The site's /search. */
export const SITE_BOX: SearchBox = {
  path: '/search',
  input: '[data-search-input]',
  status: '[data-search-status]',
  results: '[data-search-results] a[href*="/research/"]',
};
/** Pagefind's own default UI (pagefind-ui.js), on the page the bench adds to Hugo's site. */
export const PAGEFIND_UI_BOX: SearchBox = {
  path: '/pagefind-ui.html',
  input: '.pagefind-ui__search-input',
  status: '.pagefind-ui__message',
  results: '.pagefind-ui__result-link',
};

/** A reader typing a query: the time from the last keystroke to results on screen, and every byte the page loaded. */
export interface TypedSearch {
  /** From the last keystroke to the results of the whole query shown (with the status naming it). */
  ms: number;
  /** Every request of the page, the page itself included. */
  bytes: number;
  /** Of which under /pagefind/. */
  pagefindBytes: number;
  requests: number;
  /** Focused this long before typing (0: typed at once after load). */
  focusedMs: number;
  /** CPU time (user + sys) of the browser's processes from the first key to the results shown. */
  cpuMs: number;
}

/** The page that starts Pagefind's default UI, as its documentation sets it up (added after the timed build). */
export const PAGEFIND_UI_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Search</title>
<link href="/pagefind/pagefind-ui.css" rel="stylesheet"><script src="/pagefind/pagefind-ui.js"></script></head>
<body><main><div id="search"></div></main>
<script>window.addEventListener('DOMContentLoaded', () => { new PagefindUI({ element: '#search', showSubResults: true }); });</script>
</body></html>
`;

/**
 * Opens `box.path` in a fresh context (cold cache), focuses the box, waits `focusedMs`, types the
 * query a key every 60 ms, and times from the last key to the whole query's results on screen.
 */
export const typedSearch = async (
  browser: Awaited<ReturnType<typeof launchBrowser>>,
  url: string,
  distDir: string,
  box: SearchBox,
  query: string,
  focusedMs: number,
): Promise<TypedSearch> => {
  const context = await browser.newContext();
  try {
    const all = watchNetwork(context, distDir, true);
    const pagefind = watchNetwork(context, distDir);
    const page = await context.newPage();
    await page.goto(`${url}${box.path}`, { waitUntil: 'load' });
    const input = page.locator(box.input).first();
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await input.focus();
    if (focusedMs > 0) await page.waitForTimeout(focusedMs);
    // The page times itself (a CSP that refuses eval still allows evaluate): the last input event,
    // then the first mutation after it that leaves results shown and the status naming the query.
    const shown = page.evaluate<number>(`new Promise((resolve, reject) => {
      let last = 0;
      document.querySelector(${JSON.stringify(box.input)}).addEventListener('input', () => { last = performance.now(); });
      const done = () => {
        const status = document.querySelector(${JSON.stringify(box.status)})?.textContent ?? '';
        const shown = [...document.querySelectorAll(${JSON.stringify(box.results)})].some((a) => a.offsetParent !== null);
        return shown && status.includes(${JSON.stringify(query)});
      };
      const observer = new MutationObserver(() => {
        if (last > 0 && document.querySelector(${JSON.stringify(box.input)}).value === ${JSON.stringify(query)} && done()) {
          observer.disconnect();
          resolve(performance.now() - last);
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      setTimeout(() => { observer.disconnect(); reject(new Error('no results after 15 s')); }, 15000);
    })`);
    const cpuBefore = descendantsCpuMs();
    await page.keyboard.type(query, { delay: 60 });
    const ms = await shown;
    const cpuMs = descendantsCpuMs() - cpuBefore;
    const transfer = await all.settle();
    return {
      ms,
      bytes: transfer.bytes,
      pagefindBytes: (await pagefind.settle()).bytes,
      requests: transfer.requests,
      focusedMs,
      cpuMs,
    };
  } finally {
    await context.close();
  }
};

/** Both typed searches (at once, and focused a second before) on one box of a site. */
export const measureTyped = async (
  distDir: string,
  box: SearchBox,
  query: string,
): Promise<{ now: TypedSearch; focused: TypedSearch }> => {
  const server = await serveDist(distDir);
  const browser = await launchBrowser();
  try {
    const now = await typedSearch(browser, server.url, distDir, box, query, 0);
    const focused = await typedSearch(browser, server.url, distDir, box, query, 1_000);
    return { now, focused };
  } finally {
    await browser.close();
    await server.close();
  }
};

export const measureSearch = async (
  distDir: string,
  query: string,
  secondQuery = 'timeout',
  apiPage = 'capabilities',
): Promise<SearchMeasurement> => {
  const server = await serveDist(distDir);
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const network = watchNetwork(context, distDir);
    const page = await context.newPage();
    // A page that loads no Pagefind of its own (/search's UI starts it on load, and fetches the
    // filter chunks for its controls), so search() pays for all Pagefind needs: script, worker,
    // WASM, metadata, index chunks, fragments. The search page's own cost is measured below.
    await page.goto(`${server.url}/${apiPage}`, { waitUntil: 'load' });
    const timing = await page.evaluate<ApiTiming>(firstSearch(query));
    const transfer = await network.settle();
    const warmSearchMs = await page.evaluate<number>(nextSearch(secondQuery));
    await context.close();

    let ui: SearchMeasurement['ui'];
    const searchHtml = await readFile(path.join(distDir, 'search.html'), 'utf8').catch(() => '');
    // An element with the attribute: the layout's own script mentions it in a selector.
    if (/<[a-z]+\s[^>]*\bdata-search-input\b/.test(searchHtml)) {
      const uiContext = await browser.newContext();
      try {
        ui = await measureUi(uiContext, server.url, distDir, query);
      } catch (error) {
        ui = {
          skipped: `the search box did not show results: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`,
        };
      } finally {
        await uiContext.close();
      }
    } else {
      ui = { skipped: '/search has no [data-search-input] yet' };
    }
    return {
      query,
      results: timing.results,
      importMs: timing.importMs,
      searchMs: timing.searchMs,
      totalMs: timing.totalMs,
      warmSearchMs,
      transfer,
      ui,
    };
  } finally {
    await browser.close();
    await server.close();
  }
};

/** The typed box a built site has: /search on the site's output, Pagefind's UI page on the reference's. */
const boxOf = async (site: string): Promise<SearchBox> =>
  (await fileSize(path.join(site, 'search.html'))) > 0 ? SITE_BOX : PAGEFIND_UI_BOX;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * `--typed`: a reader typing the query into each site's box, `runs` times, the sites taking turns
 * so that each run sees the same machine; one line a measurement (with the load average), then
 * each site's medians.
 */
const typedRuns = async (sites: string[], query: string, runs: number) => {
  const measured = new Map<string, { now: TypedSearch; focused: TypedSearch }[]>(sites.map((site) => [site, []]));
  const failed = new Map<string, number>(sites.map((site) => [site, 0]));
  for (let run = 1; run <= runs; run++) {
    for (const site of sites) {
      const load = Number((await readFile('/proc/loadavg', 'utf8').catch(() => '')).split(' ')[0]);
      try {
        const typed = await measureTyped(site, await boxOf(site), query);
        measured.get(site)?.push(typed);
        const line = (t: TypedSearch) => ({
          ms: Math.round(t.ms),
          cpuMs: Math.round(t.cpuMs),
          bytes: t.bytes,
          pagefindBytes: t.pagefindBytes,
        });
        console.log(JSON.stringify({ run, site, load, now: line(typed.now), focused: line(typed.focused) }));
      } catch (error) {
        // A box that never shows the query's results (it rewrote what was typed, or timed out) is a result too.
        failed.set(site, (failed.get(site) ?? 0) + 1);
        const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
        console.log(JSON.stringify({ run, site, load, failed: reason }));
      }
    }
  }
  for (const [site, list] of measured) {
    const of = (pick: (t: { now: TypedSearch; focused: TypedSearch }) => number) =>
      list.length === 0 ? null : Math.round(median(list.map(pick)));
    console.log(
      JSON.stringify({
        site,
        runs: list.length,
        failed: failed.get(site),
        median: {
          nowMs: of((t) => t.now.ms),
          focusedMs: of((t) => t.focused.ms),
          nowCpuMs: of((t) => t.now.cpuMs),
          focusedCpuMs: of((t) => t.focused.cpuMs),
          nowBytes: of((t) => t.now.bytes),
          focusedBytes: of((t) => t.focused.bytes),
        },
      }),
    );
  }
};

if (import.meta.main) {
  const { values, positionals } = parseArgs({
    options: {
      typed: { type: 'boolean', default: false },
      runs: { type: 'string', default: '1' },
      query: { type: 'string', default: 'handshake fallback' },
    },
    allowPositionals: true,
  });
  const runs = Number(values.runs);
  if (values.typed) {
    if (positionals.length === 0 || !Number.isInteger(runs) || runs < 1) {
      console.error('usage: node bench/search.ts --typed <site> [<site> …] [--runs N] [--query "words"]');
      process.exit(2);
    }
    await typedRuns(positionals, values.query, runs);
    process.exit(0);
  }
  const [site, ...queries] = positionals;
  if (!site) {
    console.error('usage: node bench/search.ts <site> [query …]');
    process.exit(2);
  }
  // The site's own pages have /capabilities; a Hugo + Pagefind output has only its home page.
  const apiPage = (await fileSize(path.join(site, 'capabilities.html'))) > 0 ? 'capabilities' : '';
  for (const query of queries.length > 0 ? queries : ['handshake fallback']) {
    const measured = await measureSearch(site, query, 'timeout', apiPage);
    const kinds = Object.fromEntries(
      Object.entries(measured.transfer.byKind).map(([kind, { bytes, requests }]) => [kind, [bytes, requests]]),
    );
    console.log(
      JSON.stringify({
        query,
        results: measured.results,
        bytes: measured.transfer.bytes,
        searchMs: Math.round(measured.searchMs),
        byKind: kinds,
        ...('ms' in measured.ui ? { uiBytes: measured.ui.transfer.bytes, uiMs: Math.round(measured.ui.ms) } : {}),
      }),
    );
  }
}
