import { describe, expect, test } from 'vitest';
import { classifyLink, htmlHref, type LinkTarget } from './links.ts';

const origin = 'https://canimcp.io';

describe('classifyLink', () => {
  test.each<[string, LinkTarget]>([
    ['/clients/hermes-agent.md', { type: 'entry', collection: 'clients', id: 'hermes-agent', form: 'twin', hash: '' }],
    ['/clients/hermes-agent', { type: 'entry', collection: 'clients', id: 'hermes-agent', form: 'html', hash: '' }],
    ['/research/a-note.md#why', { type: 'entry', collection: 'research', id: 'a-note', form: 'twin', hash: '#why' }],
    ['/research/a-note?x=1', { type: 'entry', collection: 'research', id: 'a-note', form: 'html', hash: '?x=1' }],
    ['/revisions/2025-11-25.md', { type: 'entry', collection: 'revisions', id: '2025-11-25', form: 'twin', hash: '' }],
    [
      '/capabilities/protocolVersions',
      { type: 'entry', collection: 'capabilities', id: 'protocolVersions', form: 'html', hash: '' },
    ],
    ['/clients/a%20b', { type: 'entry', collection: 'clients', id: 'a b', form: 'html', hash: '' }],
    ['https://canimcp.io/clients/zed.md', { type: 'entry', collection: 'clients', id: 'zed', form: 'twin', hash: '' }],
    ['https://canimcp.io', { type: 'static', path: '/' }],
    ['https://canimcp.io/', { type: 'static', path: '/' }],
    ['/research', { type: 'static', path: '/research' }],
    ['/research/', { type: 'static', path: '/research' }],
    ['/llms.txt', { type: 'static', path: '/llms.txt' }],
    ['/feed.xml', { type: 'static', path: '/feed.xml' }],
    ['/clients/hermes-agent/llms.txt', { type: 'static', path: '/clients/hermes-agent/llms.txt' }],
    ['/revisions/2026-07-28/llms.txt', { type: 'static', path: '/revisions/2026-07-28/llms.txt' }],
    ['/clients/hermes-agent/feed.xml', { type: 'static', path: '/clients/hermes-agent/feed.xml' }],
    ['/matrix#hermes', { type: 'static', path: '/matrix' }],
    ['/captures', { type: 'static', path: '/captures' }],
    ['/captures/zed-1-0-observe-stdio', { type: 'capture', id: 'zed-1-0-observe-stdio', form: 'html', hash: '' }],
    ['/captures/zed-1-0-observe-stdio.md#e3', { type: 'capture', id: 'zed-1-0-observe-stdio', form: 'twin', hash: '#e3' }],
    ['/captures/zed-1-0-observe-stdio.jsonl', { type: 'capture', id: 'zed-1-0-observe-stdio', form: 'file', hash: '' }],
    ['/nowhere', { type: 'unknown', path: '/nowhere' }],
    ['/notes/a-note', { type: 'unknown', path: '/notes/a-note' }],
    ['/research/a/b', { type: 'unknown', path: '/research/a/b' }],
    ['https://github.com/o/r', { type: 'external' }],
    ['https://canimcp.io.evil.example/clients/x', { type: 'external' }],
    ['//cdn.example/x.js', { type: 'external' }],
    ['#a-heading', { type: 'external' }],
    ['mailto:someone@example.com', { type: 'external' }],
    ['relative/path.md', { type: 'external' }],
  ])('%s', (href, expected) => {
    expect(classifyLink(href, origin)).toEqual(expected);
  });

  test('an origin given with a trailing slash is the same origin', () => {
    expect(classifyLink('https://canimcp.io/clients/zed', 'https://canimcp.io/')).toEqual({
      type: 'entry',
      collection: 'clients',
      id: 'zed',
      form: 'html',
      hash: '',
    });
  });
});

describe('htmlHref', () => {
  test.each([
    ['/clients/hermes-agent.md', '/clients/hermes-agent'],
    ['/research/a-note.md#why', '/research/a-note#why'],
    ['https://canimcp.io/revisions/2025-11-25.md', '/revisions/2025-11-25'],
    ['/capabilities/tools', '/capabilities/tools'],
    ['/llms.txt', '/llms.txt'],
    ['/captures/zed-1-0-observe-stdio.md#e3', '/captures/zed-1-0-observe-stdio#e3'],
    ['/captures/zed-1-0-observe-stdio.jsonl', '/captures/zed-1-0-observe-stdio.jsonl'],
    ['/nowhere.md', '/nowhere.md'],
    ['https://github.com/o/r/blob/main/README.md', 'https://github.com/o/r/blob/main/README.md'],
    ['#footnote', '#footnote'],
  ])('%s → %s', (href, expected) => {
    expect(htmlHref(href, origin)).toBe(expected);
  });
});
