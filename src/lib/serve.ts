import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';

/** Content types by extension; twins are Markdown, Pagefind's index files are binary. */
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

const isFile = async (file: string) => (await stat(file).catch(() => undefined))?.isFile() === true;

/**
 * Where a plain static host finds a URL: the file itself, else `<path>.html`, else
 * `<path>/index.html`. No trailing-slash redirects and no `.html` guessing beyond that, so tests
 * see what a real host serves.
 */
export const resolvePath = async (root: string, urlPath: string): Promise<string | undefined> => {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const target = path.join(root, path.normalize(decoded));
  if (!target.startsWith(root)) return undefined;
  for (const candidate of [target, `${target.replace(/\/$/, '')}.html`, path.join(target, 'index.html')]) {
    if (await isFile(candidate)) return candidate;
  }
  return undefined;
};

/** A static file server for `dist/`, the way the common static hosts resolve URLs. */
export const serveStatic = (root: string): Server =>
  createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://localhost').pathname;
    void resolvePath(path.resolve(root), urlPath).then(async (file) => {
      const status = file ? 200 : 404;
      const served = file ?? path.join(root, '404.html');
      if (!(await isFile(served))) {
        response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found\n');
        return;
      }
      response.writeHead(status, {
        'Content-Type': types[path.extname(served)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
      });
      if (request.method === 'HEAD') response.end();
      else createReadStream(served).pipe(response);
    });
  });
