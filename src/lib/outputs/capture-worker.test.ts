import { describe, expect, test } from 'vitest';
import { encodePack, packOf, packUrl, type PackFile } from './capture-packs.ts';
import { captureTarget, captureWorker, invokesFunction, routesJson, type WorkerEnv } from './capture-worker.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

const PACKS = 4;
const ids = ['zed-1-observe-stdio', 'codex-0.9-observe-http', 'caf\u00e9-1'];
const filesOf = (id: string): PackFile[] => [
  {
    url: `/captures/${id}`,
    bytes: bytes(`<p>${id}</p>`),
    etag: `h-${id}`,
    headers: [['content-type', 'text/html; charset=utf-8']],
  },
  {
    url: `/captures/${id}.md`,
    bytes: bytes(`# ${id}\n`),
    etag: `m-${id}`,
    headers: [
      ['content-type', 'text/markdown; charset=utf-8'],
      ['link', `<https://canimcp.io/captures/${id}>; rel="canonical"`],
    ],
  },
  {
    url: `/captures/${id}.jsonl`,
    bytes: bytes(`{"capture":1,"client":"${id}","note":"café ✓"}\n`),
    etag: `j-${id}`,
    headers: [
      ['content-type', 'text/plain; charset=utf-8'],
      ['x-content-type-options', 'nosniff'],
    ],
  },
];

/** A stand-in for Pages' assets: the packs, a 404 page for anything else, and a log of what was asked. */
const assets = (options: { broken?: number } = {}) => {
  const packs = new Map<string, Uint8Array>();
  for (let pack = 0; pack < PACKS; pack++) {
    const members = ids.filter((id) => packOf(id, PACKS) === pack).flatMap(filesOf);
    packs.set(packUrl(pack), pack === options.broken ? bytes('no index line') : encodePack(members));
  }
  const asked: string[] = [];
  const env: WorkerEnv = {
    ASSETS: {
      fetch: (request) => {
        const { pathname } = new URL(request.url);
        asked.push(`${request.method} ${pathname}`);
        const pack = packs.get(pathname);
        return Promise.resolve(
          pack === undefined
            ? new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html; charset=utf-8' } })
            : new Response(pack.slice(), { status: 200 }),
        );
      },
    },
  };
  return { env, asked };
};

const origin = 'https://canimcp.io';
const call = (worker: ReturnType<typeof captureWorker>, env: WorkerEnv, url: string, init?: RequestInit) =>
  worker.fetch(new Request(`${origin}${url}`, init), env);

describe('the capture Function', () => {
  test.each([
    ['/captures/a', { id: 'a', url: '/captures/a', redirect: false }],
    ['/captures/a.md', { id: 'a', url: '/captures/a.md', redirect: false }],
    ['/captures/a.jsonl', { id: 'a', url: '/captures/a.jsonl', redirect: false }],
    ['/captures/a.html', { id: 'a', url: '/captures/a', redirect: true }],
    ['/captures/a/', { id: 'a', url: '/captures/a', redirect: true }],
    ['/captures/codex-0.9', { id: 'codex-0.9', url: '/captures/codex-0.9', redirect: false }],
  ])('reads %s as a capture URL', (pathname, target) => {
    expect(captureTarget(pathname)).toEqual(target);
  });

  test.each(['/captures', '/captures/', '/captures/page/2', '/captures.md', '/research/a', '/captures/a/b.jsonl'])(
    'reads %s as no capture URL',
    (pathname) => {
      expect(captureTarget(pathname)).toBeUndefined();
    },
  );

  test('serves each file of a capture with its bytes, its headers and those Pages gives every file', async () => {
    const { env } = assets();
    const worker = captureWorker({ packs: PACKS });
    for (const id of ids)
      for (const file of filesOf(id)) {
        const response = await call(worker, env, encodeURI(file.url));
        expect(response.status, file.url).toBe(200);
        expect(new Uint8Array(await response.arrayBuffer())).toEqual(file.bytes);
        const headers = Object.fromEntries(response.headers);
        expect(headers).toMatchObject(Object.fromEntries(file.headers));
        expect(headers).toMatchObject({
          etag: `"${file.etag}"`,
          'content-length': String(file.bytes.length),
          'x-content-type-options': 'nosniff',
          'access-control-allow-origin': '*',
          'referrer-policy': 'strict-origin-when-cross-origin',
          'cache-control': 'public, max-age=0, must-revalidate',
        });
      }
  });

  test('HEAD gives the same headers and no body; a matching If-None-Match, strong or weak, 304', async () => {
    const { env } = assets();
    const worker = captureWorker({ packs: PACKS });
    const get = await call(worker, env, '/captures/zed-1-observe-stdio.jsonl');
    const head = await call(worker, env, '/captures/zed-1-observe-stdio.jsonl', { method: 'HEAD' });
    expect(Object.fromEntries(head.headers)).toEqual(Object.fromEntries(get.headers));
    expect(await head.text()).toBe('');
    const etag = get.headers.get('etag') ?? '';
    for (const match of [etag, `W/${etag}`]) {
      const cached = await call(worker, env, '/captures/zed-1-observe-stdio.jsonl', { headers: { 'If-None-Match': match } });
      expect(cached.status).toBe(304);
      expect(await cached.text()).toBe('');
    }
    expect((await call(worker, env, '/captures/zed-1-observe-stdio.jsonl', { headers: { 'If-None-Match': '"x"' } })).status).toBe(
      200,
    );
  });

  test('redirects the .html and trailing-slash forms to the page, keeping the query, as Pages does', async () => {
    const { env } = assets();
    const worker = captureWorker({ packs: PACKS });
    for (const url of ['/captures/zed-1-observe-stdio.html?from=feed', '/captures/zed-1-observe-stdio/?from=feed']) {
      const response = await call(worker, env, url);
      expect(response.status).toBe(308);
      expect(response.headers.get('location')).toBe('/captures/zed-1-observe-stdio?from=feed');
    }
  });

  test('hands unknown captures, other paths and other methods to the assets, which answer them', async () => {
    const { env, asked } = assets();
    const worker = captureWorker({ packs: PACKS });
    for (const [url, method] of [
      ['/captures/no-such-capture', 'GET'],
      ['/captures/no-such-capture.jsonl', 'HEAD'],
      ['/captures/page/2', 'GET'],
      ['/search', 'GET'],
      ['/captures/zed-1-observe-stdio', 'POST'],
    ] as const) {
      const response = await call(worker, env, url, { method });
      expect(response.status, url).toBe(404);
      expect(asked.at(-1)).toBe(`${method} ${url}`);
    }
  });

  test('opens a pack once for all its captures, and a pack it cannot read leaves its URLs to the assets', async () => {
    const { env, asked } = assets();
    const worker = captureWorker({ packs: PACKS });
    await call(worker, env, '/captures/zed-1-observe-stdio');
    await call(worker, env, '/captures/zed-1-observe-stdio.md');
    expect(asked.filter((line) => line.includes('/capture-packs/'))).toHaveLength(1);

    const broken = assets({ broken: packOf('zed-1-observe-stdio', PACKS) });
    const response = await call(captureWorker({ packs: PACKS }), broken.env, '/captures/zed-1-observe-stdio');
    expect(response.status).toBe(404);
    expect(broken.asked.at(-1)).toBe('GET /captures/zed-1-observe-stdio');
  });

  test('its _routes.json invokes it for capture URLs only, not for /captures, its twin or other pages', () => {
    const routes = JSON.parse(routesJson()) as Parameters<typeof invokesFunction>[0];
    expect(routes.version).toBe(1);
    for (const pathname of ['/captures/a', '/captures/a.md', '/captures/a.jsonl', '/captures/a.html', '/captures/page/2'])
      expect(invokesFunction(routes, pathname), pathname).toBe(true);
    for (const pathname of ['/captures', '/captures.md', '/capture-packs/000.pack', '/', '/research/a'])
      expect(invokesFunction(routes, pathname), pathname).toBe(false);
    // As Pages reads a rule: `/x/*` takes `/x` too (which is why /captures is excluded).
    expect(invokesFunction({ version: 1, include: ['/greeting/*'], exclude: [] }, '/greeting')).toBe(true);
    expect(invokesFunction({ version: 1, include: ['/party*'], exclude: ['/party'] }, '/party')).toBe(false);
    expect(invokesFunction({ version: 1, include: ['/party*'], exclude: ['/party'] }, '/party-disco')).toBe(true);
  });
});
