/**
 * The server check in a real browser, against the project's own built site: the example server
 * pasted in gives, per client, the same findings as `npm run check-server` on the same JSON; bad
 * JSON says where; the shared link brings the same check back, for GitHub's MCP server's tool list
 * too (too long to share whole); nothing pasted is sent anywhere; axe finds nothing serious, on a
 * phone width too.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { exampleServer } from '../src/lib/server-check/example.ts';
import { repoRoot } from '../src/node/paths.ts';
import { seriousViolations } from '../tests/support/axe.ts';
import { launchBrowser } from '../tests/support/browser.ts';
import { mainDist, requireDist, serveDist } from '../tests/support/site.ts';

const run = promisify(execFile);
let browser: Browser;
let server: { url: string; close: () => Promise<void> } | undefined;
let dir = '';

beforeAll(async () => {
  browser = await launchBrowser();
  server = await serveDist(requireDist(mainDist));
  dir = await mkdtemp(path.join(tmpdir(), 'canimcp-check-page-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

interface Shown {
  client: string;
  feature: string;
  kind: string;
  evidence: string;
  finding: string;
}

const withPage = async <T>(width: number, use: (page: Page, requests: string[]) => Promise<T>): Promise<T> => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`));
    return await use(page, requests);
  } finally {
    await context.close();
  }
};

/** The findings a page shows: one item per finding, and a client's unknowns as one item with a link per feature. */
const shownFindings = (page: Page) =>
  page.evaluate<Shown[]>(`[...document.querySelectorAll('[data-check-results] section.client')].flatMap((section) =>
    [...section.querySelectorAll('li.finding')].flatMap((item) => {
      const client = section.querySelector('h2').id.replace(/^client-/, '');
      const kind = [...item.classList].find((name) => name.startsWith('finding-')).slice('finding-'.length);
      const links = [...item.querySelectorAll('a')];
      if (kind === 'unknown')
        return links.map((link) => ({ client, feature: link.textContent, kind, evidence: link.getAttribute('href'), finding: '' }));
      const link = links[0];
      return [{
        client,
        feature: link.textContent,
        kind,
        evidence: link.getAttribute('href'),
        finding: item.textContent.slice(item.querySelector('.kind').textContent.length + 1 + link.textContent.length + 2),
      }];
    }))`);

const commandFindings = async (input: unknown, ...args: string[]): Promise<Shown[]> => {
  const file = path.join(dir, 'server.json');
  await writeFile(file, JSON.stringify(input, null, 2));
  const { stdout } = await run(process.execPath, [
    path.join(repoRoot, 'src/cli/check-server.ts'),
    file,
    '--format',
    'json',
    '--site',
    mainDist,
    ...args,
  ]).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
  // Clients with only unknowns are named apart on the page, in one line: compare the clients with evidence.
  const findings = JSON.parse(stdout) as Shown[];
  const known = new Set(findings.filter((finding) => finding.kind !== 'unknown').map((finding) => finding.client));
  return findings
    .filter((finding) => known.has(finding.client))
    .map(({ client, feature, kind, evidence, finding }) => ({
      client,
      feature,
      kind,
      evidence,
      finding: kind === 'unknown' ? '' : finding.replaceAll('`', ''),
    }));
};

const losses = /drops? something|drops anything/;

const byKey = (findings: Shown[]) =>
  [...findings].sort((a, b) => `${a.client} ${a.feature} ${a.finding}`.localeCompare(`${b.client} ${b.feature} ${b.finding}`));

describe('/check-server', () => {
  test("the example gives the command's findings, per client, and a link that brings them back; nothing pasted is sent", async () => {
    const expected = byKey(await commandFindings(exampleServer));
    expect(expected.some((finding) => finding.kind === 'lost')).toBe(true);
    await withPage(1280, async (page, requests) => {
      await page.goto(`${server?.url}/check-server`);
      await page.locator('[data-check-input]').fill(JSON.stringify(exampleServer, null, 2));
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect.poll(() => page.locator('[data-check-status]').textContent()).toMatch(losses);
      expect(byKey(await shownFindings(page))).toEqual(expected);
      // Only the published JSON was fetched, and no request carried what was pasted.
      expect(requests.filter((request) => request.includes('build_status'))).toEqual([]);
      expect(
        requests
          .filter((request) => request.includes('/data/'))
          .map((request) => new URL(request.split(' ')[1] as string).pathname)
          .sort(),
      ).toEqual(['/data/clients.json', '/data/features.json']);
      const shared = page.url();
      expect(new URL(shared).hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
      const again = await page.context().newPage();
      await again.goto(shared);
      await expect.poll(() => again.locator('[data-check-status]').textContent()).toMatch(losses);
      expect(byKey(await shownFindings(again))).toEqual(expected);
      expect(await again.locator('[data-check-input]').inputValue()).toBe(JSON.stringify(exampleServer, null, 2));
    });
  });

  test("GitHub's MCP server: a tool list too long to share whole shares what the check reads of it, and the link brings the same check back", async () => {
    const github: unknown = JSON.parse(
      await readFile(path.join(repoRoot, 'tests/fixtures/servers/github-all-toolsets.json'), 'utf8'),
    );
    // Named as its README has users name it, no tool name passes 64; under its serverInfo.name, one does.
    const unnamed = byKey(await commandFindings(github));
    await withPage(1280, async (page, requests) => {
      await page.goto(`${server?.url}/check-server`);
      // 250 KB typed into the box would take the browser longer than a paste: set it as a paste does.
      await page.locator('[data-check-input]').evaluate((box, text) => {
        (box as HTMLTextAreaElement).value = text;
      }, JSON.stringify(github));
      await page.locator('[data-check-name]').fill('github');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect.poll(() => page.locator('[data-check-share]').textContent()).toMatch(/what the check read of your input/);
      const shared = new URL(page.url());
      const fragment = new URLSearchParams(shared.hash.slice(1));
      expect(fragment.get('n')).toBe('github');
      expect((fragment.get('s') ?? '').length).toBeGreaterThan(0);
      expect(shared.href.length).toBeLessThan(6200);
      expect(requests.filter((request) => request.includes('get_me'))).toEqual([]);
      const again = await page.context().newPage();
      await again.goto(shared.href);
      await expect.poll(() => again.locator('[data-check-results] section.client').count()).toBeGreaterThan(0);
      expect(await again.locator('[data-check-name]').inputValue()).toBe('github');
      // The findings of the whole list, as the command gives them for a server named github.
      const named = byKey(await commandFindings(github, '--server-name', 'github'));
      expect(byKey(await shownFindings(again))).toEqual(named);
      expect(named).not.toEqual(unnamed);
      // The box holds what the link held: the check's reading of the list, every tool by name.
      const held = JSON.parse(await again.locator('[data-check-input]').inputValue()) as { tools: { tools: { name: string }[] } };
      expect(held.tools.tools).toHaveLength(85);
    });
  });

  test('bad JSON says the line and column, and marks the box', async () => {
    await withPage(1280, async (page) => {
      await page.goto(`${server?.url}/check-server`);
      await page.locator('[data-check-input]').fill('{\n  "initialize": {,\n}');
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      await expect
        .poll(() => page.locator('[data-check-status]').textContent())
        .toBe('That is not valid JSON: line 2, column 18: expected a property name in double quotes, found ",".');
      expect(await page.locator('[data-check-input]').getAttribute('aria-invalid')).toBe('true');
    });
  });

  test('axe finds nothing serious after a check, on a desktop and a phone', async () => {
    for (const width of [1280, 375]) {
      await withPage(width, async (page) => {
        await page.goto(`${server?.url}/check-server`);
        await page.getByRole('button', { name: 'Try an example' }).click();
        await expect.poll(() => page.locator('[data-check-status]').textContent()).toMatch(losses);
        expect(await seriousViolations(page)).toEqual({ light: [], dark: [] });
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow, `horizontal overflow at ${width}px`).toBeLessThanOrEqual(0);
      });
    }
  });
});
