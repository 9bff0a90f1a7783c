/**
 * The differential test of the two Markdown engines: the build renders a body with Sätteri where it
 * can and with unified where it cannot (raw HTML, images behind link definitions), so on every body
 * Sätteri takes, both must give the same HTML and text, or a page would depend on which one ran.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { markdownEngines } from '../src/lib/markdown/markdown.ts';
import { repoRoot } from '../src/node/paths.ts';

/** Every Markdown file of the content and of the test fixtures (broken ones included: their bodies still render). */
const markdownFiles = async (): Promise<string[]> => {
  const found: string[] = [];
  for (const root of ['content', 'tests/fixtures']) {
    for (const entry of await readdir(path.join(repoRoot, root), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && entry.name.endsWith('.md'))
        found.push(path.relative(repoRoot, path.join(entry.parentPath, entry.name)));
    }
  }
  return found.sort();
};

const files = await markdownFiles();

describe('Sätteri and unified render the same HTML', () => {
  test('there are bodies to compare, and Sätteri takes most of them', async () => {
    expect(files.length).toBeGreaterThan(50);
    const taken = await Promise.all(
      files.map(async (file) => markdownEngines.satteri(await readFile(path.join(repoRoot, file), 'utf8'), 'https://canimcp.io')),
    );
    expect(taken.filter((rendered) => rendered !== undefined).length).toBeGreaterThan(files.length / 2);
  });

  test.each(files)('%s', async (file) => {
    const text = await readFile(path.join(repoRoot, file), 'utf8');
    const fast = markdownEngines.satteri(text, 'https://canimcp.io');
    // Where Sätteri leaves a body to unified there is only one engine's output.
    if (fast === undefined) return;
    expect(fast).toEqual(markdownEngines.unified(text, 'https://canimcp.io'));
  });
});
