import { describe, expect, test } from 'vitest';
import {
  absoluteUrl,
  canonicalNoteUrl,
  capabilityUrl,
  clientUrl,
  entryUrl,
  changesUrl,
  feedUrl,
  htmlRoutePaths,
  isScopedFilePath,
  llmsUrl,
  navRoutes,
  noteUrl,
  originOf,
  revisionUrl,
  staticPaths,
} from './urls.ts';

describe('entry URLs, both forms', () => {
  test.each([
    [noteUrl('a-note'), '/research/a-note'],
    [noteUrl('a-note', 'twin'), '/research/a-note.md'],
    [clientUrl('hermes-agent'), '/clients/hermes-agent'],
    [clientUrl('hermes-agent', 'twin'), '/clients/hermes-agent.md'],
    [revisionUrl('2025-11-25'), '/revisions/2025-11-25'],
    [revisionUrl('2025-11-25', 'twin'), '/revisions/2025-11-25.md'],
    [capabilityUrl('protocolVersions'), '/capabilities/protocolVersions'],
    [capabilityUrl('protocolVersions', 'twin'), '/capabilities/protocolVersions.md'],
    [entryUrl('clients', 'zed', 'html'), '/clients/zed'],
    [llmsUrl(), '/llms.txt'],
    [llmsUrl({ collection: 'clients', id: 'zed' }), '/clients/zed/llms.txt'],
    [llmsUrl({ collection: 'revisions', id: '2026-07-28' }), '/revisions/2026-07-28/llms.txt'],
    [feedUrl(), '/feed.xml'],
    [feedUrl('zed'), '/clients/zed/feed.xml'],
    [changesUrl(), '/changes.xml'],
    [changesUrl('zed'), '/clients/zed/changes.xml'],
    [absoluteUrl('https://canimcp.io/', '/research'), 'https://canimcp.io/research'],
    [absoluteUrl('http://localhost:4321', '/'), 'http://localhost:4321/'],
    [canonicalNoteUrl('https://canimcp.io', 'a-note'), 'https://canimcp.io/research/a-note'],
  ])('%s', (built, expected) => {
    expect(built).toBe(expected);
  });
});

describe('the routes table', () => {
  test('the navigation lists the index pages, the matrix and search, in order', () => {
    expect(navRoutes.map((route) => route.path)).toEqual([
      '/research',
      '/clients',
      '/revisions',
      '/capabilities',
      '/matrix',
      '/search',
    ]);
  });

  test('the sitemap gets HTML pages only, and no page with a trailing slash', () => {
    expect(htmlRoutePaths).toContain('/');
    expect(htmlRoutePaths).not.toContain('/feed.xml');
    expect(htmlRoutePaths.filter((path) => path !== '/' && path.endsWith('/'))).toEqual([]);
  });

  test('only pages the site builds are known to the link checker', () => {
    expect(staticPaths).not.toContain('/about');
    expect(new Set(staticPaths).size).toBe(staticPaths.length);
  });

  test.each([
    ['/clients/zed/llms.txt', true],
    ['/revisions/2026-07-28/llms.txt', true],
    ['/clients/zed/feed.xml', true],
    ['/clients/zed/changes.xml', true],
    ['/revisions/2026-07-28/changes.xml', false],
    ['/revisions/2026-07-28/feed.xml', false],
    ['/capabilities/tools/llms.txt', false],
    ['/clients/zed/other.txt', false],
  ])('%s is a per-entry file: %s', (path, expected) => {
    expect(isScopedFilePath(path)).toBe(expected);
  });
});

describe('the origin', () => {
  test('is the configured one without trailing slashes, else the published site', () => {
    expect(originOf('https://example.org/')).toBe('https://example.org');
    expect(originOf('http://localhost:4321//')).toBe('http://localhost:4321');
    expect(originOf(undefined)).toBe('https://canimcp.io');
  });
});
