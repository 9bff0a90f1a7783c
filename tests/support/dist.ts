/** Reading a built site as files, the way a static host sees it. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { resolvePath } from '../../src/node/serve.ts';

/** Every file under a folder, as paths relative to it. */
export const listFiles = (dist: string, dir = ''): string[] =>
  readdirSync(path.join(dist, dir)).flatMap((name) => {
    const relative = path.join(dir, name);
    return statSync(path.join(dist, relative)).isDirectory() ? listFiles(dist, relative) : [relative];
  });

export const read = (dist: string, file: string): string => readFileSync(path.join(dist, file), 'utf8');

/** Every href and src in an HTML document. */
export const references = (html: string): string[] =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));

/** Whether a root-relative URL resolves to a file the way a plain static host resolves it. */
export const resolves = async (dist: string, url: string): Promise<boolean> => {
  const pathname = new URL(url, 'http://localhost').pathname;
  return (await resolvePath(dist, pathname)) !== undefined;
};
