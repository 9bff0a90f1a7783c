/**
 * Feature status, badges and the status feed on the project's own build: each feature's page says
 * the status its cells give over the core clients (the clients whose file says why they are core),
 * the index says it too, every feature has a status badge and every cell a client badge, each one
 * SVG with its text alternative and linked from the page's README line, and the feed is Atom.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import matter from 'gray-matter';
import { featureStatus, statusLabel } from '../src/lib/cells/feature-status.ts';
import type { FeatureCell } from '../src/lib/cells/feature-cells.ts';
import { badgeUrl, featureUrl } from '../src/lib/routes/urls.ts';
import { repoRoot } from '../src/node/paths.ts';
import { listFiles, read } from './support/dist.ts';
import { mainDist, requireDist } from './support/site.ts';

const dist = requireDist(mainDist);
const cells = JSON.parse(read(dist, 'data/features.json')) as FeatureCell[];
const features = [...new Set(cells.map((cell) => cell.feature))];
const clientsDir = path.join(repoRoot, 'content/clients');
const core = readdirSync(clientsDir)
  .filter((file) => file.endsWith('.md'))
  .flatMap((file) =>
    (matter(read(clientsDir, file), {}).data as { core?: string }).core === undefined ? [] : [file.replace(/\.md$/, '')],
  );
const decode = (text: string) =>
  text
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const svgs = listFiles(dist, 'badges').filter((file) => file.endsWith('.svg'));

/** Whether a document's tags nest and close, the way an XML parser requires (our badges use no CDATA or comments). */
const wellFormed = (xml: string): boolean => {
  const open: string[] = [];
  for (const [, closing, name, selfClosing] of xml.matchAll(/<(\/?)([a-zA-Z][\w:-]*)[^>]*?(\/?)>/g)) {
    if (selfClosing === '/') continue;
    if (closing === '/') {
      if (open.pop() !== name) return false;
    } else open.push(name as string);
  }
  return open.length === 0 && !/&(?!amp;|lt;|gt;|quot;|apos;|#\d+;)/.test(xml);
};

describe('feature status over the core clients', () => {
  test('there is a core set, each with its reason on /features', () => {
    expect(core.length).toBeGreaterThanOrEqual(2);
    const index = read(dist, 'features.html');
    for (const client of core) expect(index).toContain(`href="/clients/${client}"`);
    expect(index).toContain('id="core"');
  });

  test.each(features)('%s: its page and badge say the status its cells give', (feature) => {
    const status = featureStatus(feature, cells, core);
    const page = decode(read(dist, `${featureUrl(feature).slice(1)}.html`));
    expect(page).toContain(`src="${badgeUrl(feature)}"`);
    expect(page).toContain(`alt="`);
    const badge = read(dist, badgeUrl(feature).slice(1));
    expect(badge).toContain(`${statusLabel[status.status].toLowerCase()}</text>`);
    for (const client of status.clients) expect(page).toContain(`href="/clients/${client.client}"`);
  });

  test('a known status is reached for some feature, so the set is not all unknown', () => {
    expect(features.map((feature) => featureStatus(feature, cells, core).status).some((status) => status !== 'unknown')).toBe(
      true,
    );
  });
});

describe('badges', () => {
  test('one per feature and one per client × feature cell', () => {
    expect(svgs.length).toBe(features.length + cells.length);
  });

  test('each is well-formed SVG with a text alternative in both forms', () => {
    for (const file of svgs) {
      const svg = read(dist, file);
      expect(wellFormed(svg), file).toBe(true);
      const label = /aria-label="([^"]+)"/.exec(svg)?.[1];
      expect(label, file).toBeDefined();
      expect(svg).toContain(`<title>${label}</title>`);
      expect(svg).toContain('role="img"');
      expect(svg).toContain('prefers-color-scheme:dark');
    }
  });
});

describe('the status feed', () => {
  test('is an Atom feed linked from /features', () => {
    const feed = read(dist, 'features/status.xml');
    expect(feed).toMatch(/^<\?xml version="1\.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www\.w3\.org\/2005\/Atom">/);
    expect(wellFormed(feed.replace(/^<\?xml[^>]*\?>/, ''))).toBe(true);
    expect(read(dist, 'features.html')).toContain('href="/features/status.xml"');
  });
});
