import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatHeaders, twinHeaderRules, type HeadersHost } from '../lib/outputs/headers.ts';
import { serveStatic } from './serve.ts';

let dist: string;

beforeAll(async () => {
  dist = await mkdtemp(path.join(tmpdir(), 'canimcp-serve-'));
  await mkdir(path.join(dist, 'captures'));
  // Captures may hold non-ASCII text a client sent: a type without a charset would garble it.
  await writeFile(path.join(dist, 'captures/a.jsonl'), '{"capture":1,"client":"zed","note":"café ✓"}\n');
  await writeFile(path.join(dist, '404.html'), '<!doctype html><title>Not found</title>');
});

afterAll(async () => {
  await rm(dist, { recursive: true, force: true });
});

const get = async (urlPath: string) => {
  const server = serveStatic(dist);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}${urlPath}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      sniff: response.headers.get('x-content-type-options'),
      body: await response.text(),
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
};

const withHeaders = async (host: HeadersHost | undefined) => {
  const file = path.join(dist, '_headers');
  if (host === undefined) await rm(file, { force: true });
  else await writeFile(file, formatHeaders(twinHeaderRules('https://canimcp.io', [], host), 'test', host));
};

describe('the static server', () => {
  test('with no _headers, it serves a capture as UTF-8 text, by its own types', async () => {
    await withHeaders(undefined);
    const served = await get('/captures/a.jsonl');
    expect(served).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8' });
    expect(served.body).toContain('café ✓');
  });

  test("as Cloudflare Pages: a mistyped capture URL's 404 page stays HTML, though the capture rule matches it", async () => {
    await withHeaders('cloudflare');
    expect(await get('/captures/no-such-capture.jsonl')).toMatchObject({
      status: 404,
      type: 'text/html; charset=utf-8',
      sniff: 'nosniff',
    });
    expect(await get('/captures/a.jsonl')).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8', sniff: 'nosniff' });
  });

  test('as Netlify: the capture gets its rule; a 404 page gets none', async () => {
    await withHeaders('netlify');
    expect(await get('/captures/a.jsonl')).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8', sniff: 'nosniff' });
    expect(await get('/captures/no-such-capture.jsonl')).toMatchObject({
      status: 404,
      type: 'text/html; charset=utf-8',
      sniff: null,
    });
  });
});
