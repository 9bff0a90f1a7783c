import { expect, test } from 'vitest';
import { statusFeed } from './status-feed.ts';

test('one entry per status change, newest first, linking the feature page', () => {
  const xml = statusFeed({
    origin: 'https://canimcp.io',
    buildDate: '2026-12-02',
    titles: new Map([['tools.result.content.image', 'Images in tool results']]),
    changes: [
      {
        feature: 'tools.result.content.image',
        from: 'some',
        to: 'everywhere',
        commit: 'b'.repeat(40),
        date: '2026-12-02T10:00:00Z',
      },
      { feature: 'tools.call', from: 'unknown', to: 'some', commit: 'a'.repeat(40), date: '2026-12-01T10:00:00Z' },
    ],
  });
  expect(xml).toContain('<title>canimcp: feature status changes</title>');
  expect(xml).toContain('<updated>2026-12-02T10:00:00Z</updated>');
  expect(xml.indexOf('Images in tool results: some core clients → every core client')).toBeLessThan(
    xml.indexOf('tools.call: not yet known → some core clients'),
  );
  expect(xml).toContain('<link rel="alternate" type="text/html" href="https://canimcp.io/features/tools/result/content/image"/>');
  expect(xml).toContain('<category term="status:everywhere"/>');
});

test('a change a release made is dated by that release and names it; the feed is ordered by those dates', () => {
  const xml = statusFeed({
    origin: 'https://canimcp.io',
    buildDate: '2026-12-02',
    titles: new Map(),
    changes: [
      { feature: 'tools.call', from: 'some', to: 'everywhere', commit: 'b'.repeat(40), date: '2026-12-02T10:00:00Z' },
      {
        feature: 'sampling',
        from: 'unknown',
        to: 'some',
        commit: 'a'.repeat(40),
        date: '2026-12-01T10:00:00Z',
        released: { client: 'codex', version: '0.171.0', date: '2026-11-20T17:00:00Z' },
      },
    ],
  });
  expect(xml).toContain('<updated>2026-11-20T17:00:00Z</updated>');
  expect(xml).not.toContain('<updated>2026-12-01T10:00:00Z</updated>');
  expect(xml).toContain(
    'sampling is now supported by some core clients with codex 0.171.0, released 2026-11-20 (commit aaaaaaa).',
  );
  expect(xml.indexOf('tools.call')).toBeLessThan(xml.indexOf('sampling'));
});
