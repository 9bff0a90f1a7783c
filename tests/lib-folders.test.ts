/**
 * src/lib's folders form layers, not circles: no folder imports one that imports it back, by any
 * path, type-only imports included (a type ties two folders as much as a value does). A file that
 * closes a circle fails here with the files that make it. The evidence path is one layer in three
 * folders, in this order from the bottom: the capture and its readers (evidence), the scenarios
 * that judge it (scenarios), the cells built from their facts (cells); an import against that order
 * fails here with the file that makes it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';

/** Between folders of src/lib: for each folder, the folders it imports, each with one file pair that does. */
type FolderGraph = Map<string, Map<string, string>>;

/** The folder graph of `files` (paths relative to src/lib, with their source), test files left out. */
const folderGraph = (files: ReadonlyMap<string, string>): FolderGraph => {
  const graph: FolderGraph = new Map();
  for (const [file, source] of files) {
    if (file.endsWith('.test.ts')) continue;
    const from = file.split('/')[0] ?? '';
    for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1] ?? ''));
      if (target.startsWith('..')) continue;
      const to = target.split('/')[0] ?? '';
      if (to === from || !target.includes('/')) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${file} → ${target}`);
      graph.set(from, edges);
    }
  }
  return graph;
};

/** Every circle of folders (each once, from its first folder in order), with the imports that make it. */
const circles = (graph: FolderGraph): string[] => {
  const found = new Set<string>();
  const walk = (start: string, at: string, trail: string[], via: string[]) => {
    for (const [next, by] of graph.get(at) ?? []) {
      if (next === start) {
        // Named once: from the folder that sorts first.
        if ([...trail].sort()[0] === start) found.add(`${[...trail, start].join(' → ')} (${[...via, by].join('; ')})`);
      } else if (!trail.includes(next)) walk(start, next, [...trail, next], [...via, by]);
    }
  };
  for (const folder of [...graph.keys()].sort()) walk(folder, folder, [folder], []);
  return [...found].sort();
};

/** The evidence path's folders, from the bottom: each may import those before it, never one after. */
const evidencePath = ['evidence', 'scenarios', 'cells'] as const;

/** Every import from a folder of the evidence path to one above it, with the files that make it. */
const againstOrder = (graph: FolderGraph, order: readonly string[]): string[] =>
  order.flatMap((from, rank) =>
    [...(graph.get(from) ?? [])]
      .filter(([to]) => order.indexOf(to) > rank)
      .map(([to, by]) => `${from} imports ${to}, above it (${by})`),
  );

const lib = path.join(repoRoot, 'src/lib');
const sources = new Map(
  readdirSync(lib, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => [file.split(path.sep).join('/'), readFileSync(path.join(lib, file), 'utf8')]),
);

describe("src/lib's folders", () => {
  it('import each other in no circle', () => {
    expect(circles(folderGraph(sources))).toEqual([]);
  });

  it('keep the evidence path in its order: evidence, then scenarios, then cells', () => {
    expect(againstOrder(folderGraph(sources), evidencePath)).toEqual([]);
  });

  it("would name an import against the evidence path's order, type imports included", () => {
    const made = new Map([
      ['cells/a.ts', "import { b } from '../scenarios/b.ts';\n"],
      ['scenarios/b.ts', "import type { C } from '../cells/a.ts';\nimport { c } from '../evidence/c.ts';\n"],
      ['evidence/c.ts', "export { d } from '../scenarios/b.ts';\n"],
      ['evidence/c.test.ts', "import { a } from '../cells/a.ts';\n"],
    ]);
    expect(againstOrder(folderGraph(made), evidencePath)).toEqual([
      'evidence imports scenarios, above it (evidence/c.ts → scenarios/b.ts)',
      'scenarios imports cells, above it (scenarios/b.ts → cells/a.ts)',
    ]);
  });

  it('would name a circle, type imports included, with the files that make it', () => {
    const made = new Map([
      ['content/a.ts', "import type { B } from '../outputs/b.ts';\n"],
      ['outputs/b.ts', "import { c } from '../markdown/c.ts';\n"],
      ['markdown/c.ts', "export { a } from '../content/a.ts';\n"],
      ['markdown/c.test.ts', "import { b } from '../outputs/b.ts';\n"],
    ]);
    expect(circles(folderGraph(made))).toEqual([
      'content → outputs → markdown → content (content/a.ts → outputs/b.ts; outputs/b.ts → markdown/c.ts; markdown/c.ts → content/a.ts)',
    ]);
  });
});
