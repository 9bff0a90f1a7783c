/**
 * What outside validators checked in the published site (issue 33), checked here on every build of
 * the project's own content and of the fixture: unique titles and descriptions, page sizes, nested
 * landmarks, feed discovery, and a schema for every JSON export.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { PAGE_BYTES } from '../bench/targets.ts';
import { CAPTURE_PAGE_SIZE } from '../src/lib/outputs/capture-index.ts';
import { CLIENT_CAPTURE_PAGE_SIZE } from '../src/lib/outputs/client-captures.ts';
import { exportSchemas, jsonSchemas } from '../src/lib/outputs/jsonschema.ts';
import { dataExports, schemaUrl } from '../src/lib/routes/urls.ts';
import { listFiles, read } from './support/dist.ts';
import { landmarks } from './support/landmarks.ts';
import { fixtureDist, mainDist, requireDist } from './support/site.ts';
import { statSync } from 'node:fs';

const decode = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');

/** The pages that share a value, as `value: page, page`. */
const repeated = (values: [file: string, value: string | undefined][]) => {
  const byValue = new Map<string, string[]>();
  for (const [file, value] of values) byValue.set(value ?? '(none)', [...(byValue.get(value ?? '(none)') ?? []), file]);
  return [...byValue].filter(([, files]) => files.length > 1).map(([value, files]) => `${value}: ${files.join(', ')}`);
};

describe.each([
  ['main', mainDist],
  ['fixture', fixtureDist],
])('the %s site, as validators read it', (_name, dir) => {
  const dist = requireDist(dir);
  const files = listFiles(dist);
  const html = files.filter((file) => file.endsWith('.html'));

  test('every page has a title of its own', () => {
    expect(html.length).toBeGreaterThan(10);
    const titles = html.map((file): [string, string | undefined] => [
      file,
      /<title>([^<]*)<\/title>/.exec(read(dist, file))?.[1],
    ]);
    expect(titles.filter(([, title]) => title === undefined || title.trim() === '')).toEqual([]);
    expect(repeated(titles)).toEqual([]);
  });

  test('every page has a meta description of its own', () => {
    const descriptions = html.map((file): [string, string | undefined] => [
      file,
      /<meta name="description" content="([^"]*)">/.exec(read(dist, file))?.[1],
    ]);
    expect(descriptions.filter(([, description]) => description === undefined || description.trim() === '')).toEqual([]);
    expect(repeated(descriptions)).toEqual([]);
  });

  test('no landmark is inside a landmark of the same name', () => {
    const nested = html.flatMap((file) =>
      landmarks(read(dist, file)).flatMap((landmark) =>
        landmark.name !== '' && landmark.ancestors.some((outer) => outer.name === landmark.name)
          ? [`${file}: ${landmark.role} "${landmark.name}"`]
          : [],
      ),
    );
    expect(nested).toEqual([]);
  });

  test("every page lets feed readers discover the notes and verdict-changes feeds, each named by the feed's own title", () => {
    const feedTitle = (feed: string) => /<feed[^>]*>\s*<title>([^<]+)<\/title>/.exec(read(dist, feed.slice(1)))?.[1];
    for (const file of html) {
      const page = read(dist, file);
      const alternates = [
        ...page.matchAll(/<link rel="alternate" type="application\/atom\+xml" title="([^"]*)" href="([^"]*)">/g),
      ];
      const hrefs = alternates.map((match) => match[2]);
      expect(hrefs, file).toContain('/feed.xml');
      expect(hrefs, file).toContain('/changes.xml');
      for (const [, title, href] of alternates) expect(decode(title ?? ''), `${file} → ${href}`).toBe(feedTitle(href ?? ''));
      const client = /^clients\/([^/]+)\.html$/.exec(file)?.[1];
      if (client !== undefined) {
        expect(hrefs[0], file).toBe(`/clients/${client}/feed.xml`);
        expect(hrefs, file).toContain(`/clients/${client}/changes.xml`);
      }
    }
  });

  test('every JSON export has a published JSON Schema, validates against it, and is linked from a page with its schema', () => {
    const exported = files.filter((file) => /^data\/[^/]+\.json$/.test(file)).map((file) => `/${file}`);
    expect(exported.length).toBeGreaterThan(3);
    expect(exported.sort()).toEqual(dataExports.map((entry) => entry.path).sort());
    const schemas = jsonSchemas('https://canimcp.io');
    const pages = html.map((file) => read(dist, file));
    for (const entry of dataExports) {
      expect(JSON.parse(read(dist, schemaUrl(entry.schema).slice(1))), entry.schema).toEqual(
        JSON.parse(JSON.stringify(schemas[entry.schema])),
      );
      const parsed = exportSchemas[entry.schema].safeParse(JSON.parse(read(dist, entry.path.slice(1))));
      expect(parsed.error?.issues ?? [], entry.path).toEqual([]);
      expect(
        pages.some((page) => page.includes(`href="${entry.path}"`)),
        `${entry.path} is linked`,
      ).toBe(true);
      expect(
        pages.some((page) => page.includes(`href="${schemaUrl(entry.schema)}"`)),
        `${entry.schema} is linked`,
      ).toBe(true);
    }
  });
});

describe("the project's own site, by size", () => {
  const dist = requireDist(mainDist);
  const html = listFiles(dist).filter((file) => file.endsWith('.html'));
  const bytes = (file: string) => statSync(path.join(dist, file)).size;

  test(`every page is under the site's page target of ${PAGE_BYTES} bytes`, () => {
    expect(html.filter((file) => bytes(file) >= PAGE_BYTES).map((file) => `${file}: ${bytes(file)} bytes`)).toEqual([]);
  });

  test('the captures index holds a bounded number of captures a page, so ten times the captures still fit the target', () => {
    const pages = ['captures.html', ...html.filter((file) => /^captures\/page\/\d+\.html$/.test(file))];
    expect(existsSync(path.join(dist, 'captures.html'))).toBe(true);
    const rows = pages.map((file) => [...read(dist, file).matchAll(/<th scope="row"><a href="\/captures\/[^"]+">/g)].length);
    const captures = listFiles(dist).filter((file) => /^captures\/[^/]+\.jsonl$/.test(file)).length;
    expect(rows.reduce((sum, count) => sum + count, 0)).toBe(captures);
    for (const count of rows) expect(count).toBeLessThanOrEqual(CAPTURE_PAGE_SIZE);
    // More captures make more pages, not bigger ones: the fullest page leaves room for the client summary to grow tenfold.
    expect(Math.max(...pages.map(bytes))).toBeLessThan(PAGE_BYTES / 2);
  });

  test("a client's page has one row per captured version, and its capture list every capture, a bounded number a page", () => {
    const all = listFiles(dist);
    const byClient = new Map<string, number>();
    for (const file of all.filter((name) => /^captures\/[^/]+\.jsonl$/.test(name))) {
      const client = /"client":"([^"]+)"/.exec(read(dist, file).slice(0, 2000))?.[1] ?? '';
      byClient.set(client, (byClient.get(client) ?? 0) + 1);
    }
    expect(byClient.size).toBeGreaterThan(0);
    for (const [client, captures] of byClient) {
      const lists = [
        `clients/${client}/captures.html`,
        ...html.filter((file) => file.startsWith(`clients/${client}/captures/page/`)),
      ];
      const rows = lists.map((file) => [...read(dist, file).matchAll(/<th scope="row"><a href="\/captures\/[^"]+">/g)].length);
      expect(
        rows.reduce((sum, count) => sum + count, 0),
        client,
      ).toBe(captures);
      for (const count of rows) expect(count, client).toBeLessThanOrEqual(CLIENT_CAPTURE_PAGE_SIZE);
      const versions = read(dist, `clients/${client}.html`);
      const table = versions.slice(
        versions.indexOf('id="versions"'),
        versions.indexOf('</section>', versions.indexOf('id="versions"')),
      );
      // A row's header is its versions, then (where the client's releases are known) what they span and when they were released.
      const shown = [...table.matchAll(/<th scope="row"[^>]*>([\s\S]*?)<\/th>/g)].map((match) =>
        (match[1] ?? '').split('<')[0]?.trim(),
      );
      expect(
        shown.filter((versions) => versions === undefined || versions === ''),
        client,
      ).toEqual([]);
      // One row per version: no version twice, however many captures it has.
      expect(new Set(shown).size, client).toBe(shown.length);
      expect(shown.length, client).toBeGreaterThan(0);
    }
  });
});
