/**
 * The Cloudflare Pages Function of the folded site (`dist/_worker.js`, written by
 * src/node/capture-fold.ts): it answers every capture URL from the capture packs (capture-packs.ts)
 * and hands every other request to Pages' own static assets. Pure: it uses only the Fetch API, so
 * the build bundles it as it is and the tests call it with `Request`s and a stand-in for the assets.
 *
 * Read on 2026-12-03, and what it is relied on for:
 * - Pages' "Advanced mode" page (cloudflare-docs, src/content/docs/pages/functions/advanced-mode.mdx
 *   at 2b3b3109): a `_worker.js` in the output folder is deployed as the project's Function, in
 *   Module Worker syntax (`export default { fetch(request, env) }`); it takes every request its
 *   routes give it and must hand the others to `env.ASSETS.fetch()`, Pages' asset server.
 * - Pages' "Routing" page (src/content/docs/pages/functions/routing.mdx at 0223c105,
 *   "Functions invocation routes"): `_routes.json` (`version` 1, `include`, `exclude`, which wins)
 *   limits which requests invoke the Function, at most 100 rules of 100 characters; the rest are
 *   served as static files without an invocation. workers-sdk's fixture
 *   fixtures/pages-workerjs-with-routes-app (tests/index.test.ts at 00802fb7) runs a `_worker.js`
 *   with a custom `_routes.json`, and shows `/greeting/*` taking `/greeting` itself too: hence the
 *   `exclude` of `/captures`, the index page, in `routesJson`.
 * - wrangler's deploy walk (workers-sdk, packages/wrangler/src/pages/validate.ts at 2ffff4b8,
 *   `IGNORE_LIST`): `_worker.js`, `_headers`, `_redirects` and `_routes.json` are not uploaded as
 *   assets, so they are neither counted against the file limit nor served.
 * - Pages' "Headers" page (src/content/docs/pages/configuration/headers.mdx at 1215e033): `_headers`
 *   rules are not applied to responses from Functions, so the Function sets every header itself.
 * - Pages' asset server (workers-sdk, packages/pages-shared/asset-server/handler.ts at 007ba939):
 *   a request for `/x` is served from `x.html`; `/x.html` and `/x/` are redirected (308) to `/x`,
 *   with the query kept; the path is percent-decoded first; only GET and HEAD are served (else 405);
 *   every response gets `Access-Control-Allow-Origin: *`, `Referrer-Policy:
 *   strict-origin-when-cross-origin` and, with a type, `X-Content-Type-Options: nosniff`; a file gets
 *   an ETag (an `If-None-Match` that matches it, strong or weak, is answered 304) and
 *   `Cache-Control: public, max-age=0, must-revalidate`.
 */
import { captureUrl, routes } from '../routes/urls.ts';
import { openPack, packOf, packUrl, type OpenedPack, type PackEntry } from './capture-packs.ts';

/** What the build tells the Function: how many packs the captures were folded into. */
export interface FoldConfig {
  packs: number;
}

/** The part of Pages' `ASSETS` binding the Function uses. */
export interface AssetsBinding {
  fetch: (request: Request) => Promise<Response>;
}

/** The Function's environment: Pages' bindings, of which it needs `ASSETS`. */
export interface WorkerEnv {
  ASSETS: AssetsBinding;
}

/** The `_routes.json` that invokes the Function for capture URLs only (`/captures` itself is the index page, a static file). */
export const routesJson = (): string =>
  `${JSON.stringify({ version: 1, include: [`${routes.captures.path}/*`], exclude: [routes.captures.path] }, null, 2)}\n`;

/** A `_routes.json` as Pages reads it. */
export interface RoutesFile {
  version: number;
  include: string[];
  exclude: string[];
}

/**
 * A `_routes.json` rule as a test of a path: `*` matches anything, slashes too, and `/x/*` matches
 * `/x` itself as well (workers-sdk's fixture above).
 */
const ruleMatches = (rule: string, pathname: string): boolean => {
  const source = rule
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(pathname) || (rule.endsWith('/*') && pathname === rule.slice(0, -2));
};

/** Whether Pages invokes the Function for a path under a `_routes.json`: an `include` matches and no `exclude` does. */
export const invokesFunction = (file: RoutesFile, pathname: string): boolean =>
  file.include.some((rule) => ruleMatches(rule, pathname)) && !file.exclude.some((rule) => ruleMatches(rule, pathname));

/** What a capture URL asks for: a file of a pack (`url`, the path it is packed under), or a redirect to the capture's page. */
type Target = { id: string; url: string; redirect: boolean };

/**
 * The capture a decoded URL path names, as Pages would resolve it were the files there: the page
 * (`/captures/<id>`), its twin (`.md`), the capture file (`.jsonl`); `/captures/<id>.html` and
 * `/captures/<id>/` redirect to the page. Anything else under /captures is not a capture's.
 */
export const captureTarget = (pathname: string): Target | undefined => {
  const prefix = `${routes.captures.path}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const rest = pathname.slice(prefix.length);
  const page = (id: string, redirect: boolean): Target => ({ id, url: captureUrl(id), redirect });
  let target: Target;
  if (rest.endsWith('/')) target = page(rest.slice(0, -1), true);
  else if (rest.endsWith('.html')) target = page(rest.slice(0, -'.html'.length), true);
  else if (rest.endsWith('.md')) {
    const id = rest.slice(0, -'.md'.length);
    target = { id, url: captureUrl(id, 'twin'), redirect: false };
  } else if (rest.endsWith('.jsonl')) {
    const id = rest.slice(0, -'.jsonl'.length);
    target = { id, url: captureUrl(id, 'file'), redirect: false };
  } else target = page(rest, false);
  return target.id === '' || target.id.includes('/') ? undefined : target;
};

/** Headers Pages' asset server gives every response, redirects included (handler.ts, `attachHeaders`). */
const EVERY_RESPONSE: [string, string][] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
];

/** And every file it serves: it has a type, and is cacheable (no `Authorization` or `Range` asks otherwise). */
const ASSET_HEADERS: [string, string][] = [
  ...EVERY_RESPONSE,
  ['X-Content-Type-Options', 'nosniff'],
  ['Cache-Control', 'public, max-age=0, must-revalidate'],
];

/** A packed file's response: its own headers, then the asset server's, its ETag and length; 304 where the ETag matches. */
const respond = (request: Request, entry: PackEntry, bytes: Uint8Array): Response => {
  const headers = new Headers(entry.headers);
  for (const [name, value] of ASSET_HEADERS) if (!headers.has(name)) headers.set(name, value);
  const etag = `"${entry.etag}"`;
  headers.set('ETag', etag);
  const match = request.headers.get('If-None-Match');
  if (match === etag || match === `W/${etag}`) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(bytes.length));
  // A copy the length of the file: the view into the pack would send the whole pack's buffer along.
  return new Response(request.method === 'HEAD' ? null : bytes.slice(), { status: 200, headers });
};

/** How many opened packs a Function instance keeps between requests (a pack is about 1 MB). */
const KEPT_PACKS = 8;

/** The Function: capture URLs from the packs, everything else (and any capture it does not hold) from `env.ASSETS`. */
export const captureWorker = (config: FoldConfig) => {
  const opened = new Map<number, Promise<OpenedPack | undefined>>();
  const open = (pack: number, request: Request, env: WorkerEnv): Promise<OpenedPack | undefined> => {
    const kept = opened.get(pack);
    if (kept !== undefined) return kept;
    // A plain GET of the pack: the reader's conditional headers are about the capture, not the pack.
    // A pack that cannot be read leaves its URLs to the assets (their 404 page), and is asked for again next time.
    const loading = env.ASSETS.fetch(new Request(new URL(packUrl(pack), request.url)))
      .then(async (response) => (response.ok ? openPack(new Uint8Array(await response.arrayBuffer())) : undefined))
      .catch(() => undefined);
    opened.set(pack, loading);
    void loading.then((found) => {
      if (found === undefined) opened.delete(pack);
    });
    // Only the newest packs are kept.
    const oldest = opened.keys().next().value;
    if (opened.size > KEPT_PACKS && oldest !== undefined) opened.delete(oldest);
    return loading;
  };
  return {
    async fetch(request: Request, env: WorkerEnv): Promise<Response> {
      const url = new URL(request.url);
      let pathname = url.pathname;
      try {
        pathname = decodeURIComponent(pathname);
      } catch {
        // Pages serves a path that does not decode as it is; so does this.
      }
      const target = request.method === 'GET' || request.method === 'HEAD' ? captureTarget(pathname) : undefined;
      if (target === undefined) return env.ASSETS.fetch(request);
      const pack = await open(packOf(target.id, config.packs), request, env);
      const entry = pack?.index.files[target.url];
      if (pack === undefined || entry === undefined) return env.ASSETS.fetch(request);
      if (target.redirect)
        return new Response(null, { status: 308, headers: [...EVERY_RESPONSE, ['Location', `${target.url}${url.search}`]] });
      return respond(request, entry, pack.bytesOf(entry));
    },
  };
};
