import { describe, expect, test } from 'vitest';
import {
  absoluteUrl,
  captureOfPath,
  captureUrl,
  entryOfPath,
  schemaUrl,
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
      '/features',
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

describe('paths read back', () => {
  test('an entry page or twin gives its entry, the inverse of entryUrl', () => {
    expect(entryOfPath(noteUrl('x-does-y'))).toEqual({ collection: 'research', id: 'x-does-y', form: 'html' });
    expect(entryOfPath(clientUrl('fast-agent', 'twin'))).toEqual({ collection: 'clients', id: 'fast-agent', form: 'twin' });
    expect(entryOfPath('/widgets/x')).toBeUndefined();
    expect(entryOfPath('/research/x/llms.txt')).toBeUndefined();
  });

  test('a capture page, twin or file gives its capture, the inverse of captureUrl', () => {
    for (const form of ['html', 'twin', 'file'] as const)
      expect(captureOfPath(captureUrl('c-1', form))).toEqual({ id: 'c-1', form });
    expect(captureOfPath('/captures')).toBeUndefined();
    expect(captureOfPath('/captures/a/b')).toBeUndefined();
  });

  test('JSON Schemas live under /schema', () => {
    expect(schemaUrl('note')).toBe('/schema/note.json');
  });
});
