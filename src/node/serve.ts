import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import {
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

/**
 * A static file server for `dist/`, the way the common static hosts resolve URLs. Like Netlify and
 * Cloudflare Pages, it applies the site's `_headers` rules and does not serve the file itself. Its
 * own types carry a charset where the file is text (`.jsonl` captures included: some hold non-ASCII).
 */
export const serveStatic = (dist: string): Server => {
  const headersFile = path.join(path.resolve(dist), '_headers');
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
  return createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    void resolvePath(path.resolve(dist), urlPath).then(async (found) => {
      const file = found === headersFile ? undefined : found;
      const status = file ? 200 : 404;
      const served = file ?? path.join(dist, '404.html');
      if (!(await isFile(served))) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      const own = await headersOf(urlPath, file !== undefined);
      // Lower-case names, so a rule's header replaces the server's own rather than doubling it.
      response.writeHead(status, {
        'content-type': contentTypeOf(served),
        'cache-control': 'no-cache',
        ...own,
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(served).pipe(response);
    });
  });
};
