import { describe, expect, test } from 'vitest';
import { atomFeed, type FeedNote } from './feed.ts';

const entry = (id: string, lastUpdated: string, title = `Title ${id}`, summary = 'One sentence.'): FeedNote => ({
  id,
  lastUpdated,
  data: { title, summary, kind: 'nuance', clients: ['hermes-agent', 'fast-agent'] },
});

const feed = (notes: FeedNote[]) =>
  atomFeed({ origin: 'https://canimcp.io/', title: 'canimcp & friends', path: '/feed.xml', htmlPath: '/research', notes });

describe('atomFeed', () => {
  test('the whole feed for one note', () => {
    expect(feed([entry('a-note', '2026-11-09')])).toBe(
      [
        '<?xml version="1.0" encoding="utf-8"?>',
        '<feed xmlns="http://www.w3.org/2005/Atom">',
        '  <title>canimcp &amp; friends</title>',
        '  <link rel="self" href="https://canimcp.io/feed.xml"/>',
        '  <link rel="alternate" type="text/html" href="https://canimcp.io/research"/>',
        '  <id>https://canimcp.io/feed.xml</id>',
        '  <updated>2026-11-09T00:00:00Z</updated>',
        '  <author><name>canimcp</name></author>',
        '  <entry>',
        '    <title>Title a-note</title>',
        '    <link rel="alternate" type="text/html" href="https://canimcp.io/research/a-note"/>',
        '    <link rel="alternate" type="text/markdown" href="https://canimcp.io/research/a-note.md"/>',
        '    <id>https://canimcp.io/research/a-note</id>',
        '    <updated>2026-11-09T00:00:00Z</updated>',
        '    <summary>One sentence.</summary>',
        '    <category term="nuance"/>',
        '    <category term="client:hermes-agent"/>',
        '    <category term="client:fast-agent"/>',
        '  </entry>',
        '</feed>',
        '',
      ].join('\n'),
    );
  });

  test('escapes markup in titles and summaries', () => {
    const xml = feed([entry('a', '2026-01-01', 'Tags like <script> & "quotes"', "It's <b>bold</b> & done.")]);
    expect(xml).toContain('<title>Tags like &lt;script&gt; &amp; &quot;quotes&quot;</title>');
    expect(xml).toContain('<summary>It&apos;s &lt;b&gt;bold&lt;/b&gt; &amp; done.</summary>');
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('<b>');
  });

  test('a summary is plain text: code spans keep their words, not their backticks', () => {
    const xml = feed([entry('a', '2026-01-01', 'Title', 'Its `protocol: auto` sends `initialize` first.')]);
    expect(xml).toContain('<summary>Its protocol: auto sends initialize first.</summary>');
  });

  test('entries in the order given; the feed is updated at the newest entry', () => {
    const xml = feed([entry('newest', '2026-11-01'), entry('older', '2026-10-01'), entry('oldest', '2025-01-01')]);
    const order = [...xml.matchAll(/<id>https:\/\/canimcp\.io\/research\/([^<]+)<\/id>/g)].map((match) => match[1]);
    expect(order).toEqual(['newest', 'older', 'oldest']);
    expect(xml).toContain('  <updated>2026-11-01T00:00:00Z</updated>\n  <author>');
    expect(feed([entry('older', '2026-10-01'), entry('newest', '2026-11-01')])).toContain(
      '  <updated>2026-11-01T00:00:00Z</updated>\n  <author>',
    );
  });
});
