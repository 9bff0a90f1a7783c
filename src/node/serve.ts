import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { invokesFunction, type RoutesFile, type WorkerEnv } from '../lib/outputs/capture-worker.ts';
import {
  HOST_FILES,
  contentTypeOf,
  headersFor,
  headersHostOf,
  parseHeaders,
  type HeaderRule,
  type HeadersHost,
} from '../lib/outputs/headers.ts';

const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() === true;

/**
 * Where a plain static host finds a URL: the file itself, else `<path>.html`, else
 * `<path>/index.html`. No trailing-slash redirects and no `.html` guessing beyond that, so tests
 * see what a real host serves.
 */
export const resolvePath = async (dist: string, urlPath: string): Promise<string | undefined> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const target = path.join(dist, path.normalize(decoded));
  if (!target.startsWith(dist)) return undefined;
  for (const candidate of [target, `${target.replace(/\/$/, '')}.html`, path.join(target, 'index.html')]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
};

/** A fetch handler: what Pages' `ASSETS` binding is, and what this server answers with. */
export type Fetcher = (request: Request) => Promise<Response>;

/**
 * The site's files as a fetch handler, the way the common static hosts resolve URLs (`resolvePath`).
 * Like Netlify and Cloudflare Pages, it applies the site's `_headers` rules and does not serve the
 * hosts' own files. Its own types carry a charset where the file is text (`.jsonl` captures
 * included: some hold non-ASCII). It is what the server hands the Cloudflare form's Function as `ASSETS`.
 */
export const staticAssets = (dist: string): Fetcher => {
  const root = path.resolve(dist);
  const headersFile = path.join(root, '_headers');
  let cached: { mtime: number; rules: HeaderRule[]; host: HeadersHost } | undefined;
  // Read again only when a new build has replaced it; applied the way the host it was written for applies it.
  // Cloudflare Pages attaches the rules matching a URL to the 404 page it answers it with; Netlify does not.
  const headersOf = async (urlPath: string, found: boolean): Promise<Record<string, string>> => {
    const mtime = (await stat(headersFile).catch(() => undefined))?.mtimeMs;
    if (mtime === undefined) return {};
    if (cached?.mtime !== mtime) {
      const text = await readFile(headersFile, 'utf8');
      cached = { mtime, rules: parseHeaders(text), host: headersHostOf(text) };
    }
    return found || cached.host === 'cloudflare' ? headersFor(cached.rules, urlPath, cached.host) : {};
  };
  return async (request) => {
    const urlPath = new URL(request.url).pathname;
    const found = await resolvePath(root, urlPath);
    const file = found !== undefined && HOST_FILES.has(path.relative(root, found)) ? undefined : found;
    const status = file ? 200 : 404;
    const served = file ?? path.join(root, '404.html');
    if (!(await isFile(served)))
      return new Response('Not found\n', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    const own = await headersOf(urlPath, file !== undefined);
    // Lower-case names, so a rule's header replaces the server's own rather than doubling it.
    const headers = { 'content-type': contentTypeOf(served), 'cache-control': 'no-cache', ...own };
    return new Response(request.method === 'HEAD' ? null : await readFile(served), { status, headers });
  };
};

/** A Pages Function's module (its default export). */
interface SiteFunction {
  fetch: (request: Request, env: WorkerEnv) => Promise<Response>;
}

/**
 * The Cloudflare form's Function (`_worker.js`, with the `_routes.json` that says which paths invoke
 * it), as Pages runs it: loaded again whenever a build replaces it. Undefined where the site has none.
 */
const siteFunction = (root: string): ((pathname: string) => Promise<SiteFunction | undefined>) => {
  const worker = path.join(root, '_worker.js');
  let loaded: { mtime: number; routes: RoutesFile; module: SiteFunction } | undefined;
  return async (pathname) => {
    const mtime = (await stat(worker).catch(() => undefined))?.mtimeMs;
    if (mtime === undefined) return undefined;
    if (loaded?.mtime !== mtime) {
      const routes = JSON.parse(
        await readFile(path.join(root, '_routes.json'), 'utf8').catch(() => '{"include":["/*"],"exclude":[]}'),
      ) as RoutesFile;
      const imported = (await import(`${pathToFileURL(worker).href}?${mtime}`)) as {
        default: SiteFunction;
      };
      loaded = { mtime, routes, module: imported.default };
    }
    return invokesFunction(loaded.routes, pathname) ? loaded.module : undefined;
  };
};

/** The site as its host answers it: the Function for the paths it is invoked for (Cloudflare form), else the files. */
export const siteHandler = (dist: string): Fetcher => {
  const assets = staticAssets(dist);
  const functionFor = siteFunction(path.resolve(dist));
  return async (request) => {
    const worker = await functionFor(new URL(request.url).pathname);
    return worker === undefined ? assets(request) : worker.fetch(request, { ASSETS: { fetch: assets } });
  };
};

/** A server for `dist/` that answers as its host would (`siteHandler`). */
export const serveStatic = (dist: string): Server => {
  const handle = siteHandler(dist);
  return createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = request.method ?? 'GET';
    void handle(new Request(new URL(request.url ?? '/', 'http://localhost'), { method, headers }))
      .then(async (answer) => {
        response.writeHead(answer.status, Object.fromEntries(answer.headers));
        response.end(method === 'HEAD' || answer.body === null ? undefined : Buffer.from(await answer.arrayBuffer()));
      })
      .catch((error: unknown) => {
        response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${String(error)}\n`);
      });
  });
};
