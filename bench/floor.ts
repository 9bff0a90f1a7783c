/**
 * The floor: the least work any build of these notes must do. It reads every research note, parses
 * it with the project's own reader (parseFile) and renders it with the project's own Markdown
 * pipeline (renderMarkdown), writing one HTML file per note, with no framework, no validation, no
 * index pages and no search index. The benchmark compares the full build against it.
 *
 *   node bench/floor.ts <contentDir> <outDir>   prints one JSON line of phase timings
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseFile } from '../src/lib/content/frontmatter.ts';
import { renderMarkdown } from '../src/lib/markdown/markdown.ts';
import { OPEN_FILES, mapLimited } from '../src/lib/tasks/map-limited.ts';
import { siteOrigin } from '../src/node/environment.ts';

export interface FloorTimings {
  notes: number;
  readMs: number;
  parseMs: number;
  renderMs: number;
  writeMs: number;
  totalMs: number;
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

export const renderFloor = async (contentDir: string, outDir: string): Promise<FloorTimings> => {
  const started = performance.now();
  const dir = path.join(contentDir, 'research');
  const names = (await readdir(dir)).filter((name) => name.endsWith('.md')).sort();
  const texts = await mapLimited(names, OPEN_FILES, (name) => readFile(path.join(dir, name), 'utf8'));
  const read = performance.now();

  const parsed = texts.map((text) => parseFile(text));
  const parsedAt = performance.now();

  const origin = siteOrigin();
  // The loader renders the whole file (remark-frontmatter skips the YAML), so the floor does too.
  const pages = texts.map((text, index) => {
    const data = parsed[index]?.data as { title?: unknown } | undefined;
    const title = escapeHtml(typeof data?.title === 'string' ? data.title : (names[index] ?? ''));
    const body = renderMarkdown(text, origin);
    return `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>\n<body><main><h1>${title}</h1>\n${body}\n</main></body></html>\n`;
  });
  const rendered = performance.now();

  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'research'), { recursive: true });
  await mapLimited(
    pages.map((page, index) => [names[index] ?? '', page] as const),
    OPEN_FILES,
    ([name, page]) => writeFile(path.join(outDir, 'research', `${name.slice(0, -3)}.html`), page),
  );
  const written = performance.now();

  return {
    notes: names.length,
    readMs: read - started,
    parseMs: parsedAt - read,
    renderMs: rendered - parsedAt,
    writeMs: written - rendered,
    totalMs: written - started,
  };
};

if (import.meta.main) {
  const [contentDir, outDir] = process.argv.slice(2);
  if (!contentDir || !outDir) {
    console.error('usage: node bench/floor.ts <contentDir> <outDir>');
    process.exit(2);
  }
  renderFloor(path.resolve(contentDir), path.resolve(outDir)).then(
    (timings) => console.log(JSON.stringify(timings)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
