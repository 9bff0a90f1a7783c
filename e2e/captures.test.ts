/**
 * A capture page with hostile client strings, in a real browser under the site's policy: a
 * clientInfo.name of `<img src=x onerror=alert(1)>` and a `<script>` in a clientInfo.title show as
 * text, create no element, run nothing and trip no policy report.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, closedAfterTest } from '../tests/support/browser.ts';
import { cspWatcher } from '../tests/support/csp.ts';
import { fixtureDist, requireDist, serveDist } from '../tests/support/site.ts';

const CAPTURE = 'fast-agent-0-3-10-observe-http';

let browser: Browser;
let server: { url: string; close: () => Promise<void> } | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
  server = await serveDist(requireDist(fixtureDist));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a route with the policy's reports and any dialog (what `alert` would open) recorded. */
const visit = async (route: string): Promise<{ page: Page; csp: ReturnType<typeof cspWatcher>; dialogs: string[] }> => {
  const csp = cspWatcher();
  const page = closedAfterTest(await csp.watch(await browser.newPage()));
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const response = await page.goto(`${server?.url}${route}`, { waitUntil: 'load' });
  expect(response?.status(), route).toBe(200);
  return { page, csp, dialogs };
};

describe('a capture with hostile client strings', () => {
  test.each([`/captures/${CAPTURE}`, '/captures', '/research/fast-agent-leads-with-the-modern-discover-probe'])(
    '%s shows them as text: no element made of them, no script run, no policy report',
    async (route) => {
      const { page, csp, dialogs } = await visit(route);
      expect(await page.evaluate('document.querySelectorAll("main script, main [onerror], main [onload]").length')).toBe(0);
      expect(await page.evaluate('window.pwned')).toBeUndefined();
      expect(dialogs).toEqual([]);
      expect(csp.take()).toEqual([]);
      await page.close();
    },
  );

  test('the capture pages make no image or drawing of them (the note page keeps its own sanitized image)', async () => {
    for (const route of [`/captures/${CAPTURE}`, '/captures']) {
      const { page } = await visit(route);
      expect(await page.evaluate('document.querySelectorAll("main img, main svg").length'), route).toBe(0);
      await page.close();
    }
  });

  test('the capture page prints the clientInfo name and the script-bearing title character for character', async () => {
    const { page } = await visit(`/captures/${CAPTURE}`);
    const main = String(await page.evaluate('document.querySelector("main").innerText'));
    expect(main).toContain('<img src=x onerror=alert(1)>');
    expect(main).toContain('</code><script>window.pwned=3</script>');
    expect(main).toContain('fast-agent/0.3.10 <svg onload=alert(2)> ```');
    await page.close();
  });

  test('the twin and the capture file open as plain text in the browser', async () => {
    for (const route of [`/captures/${CAPTURE}.md`, `/captures/${CAPTURE}.jsonl`]) {
      const { page, dialogs } = await visit(route);
      expect(await page.evaluate('document.querySelectorAll("img, svg, script").length'), route).toBe(0);
      expect(String(await page.evaluate('document.body.innerText')), route).toContain('<img src=x onerror=alert(1)>');
      expect(dialogs).toEqual([]);
      await page.close();
    }
  });
});
