/**
 * The page-key rule, held by the routes' imports: a keyed route (the route of an output whose row in
 * the table of outputs has `keys`, src/lib/routes/outputs.ts) may reach, through its components and
 * layouts, only the data modules whose data its key is made of. A new page that reads more (the
 * captures on a research listing page, the verdict history on a revision's) fails here, before the
 * rebuild oracle would find the stale page. What each data module hands pages is declared below, in
 * key parts; a new data module fails until it is declared.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputs, type KeyPart, type Output } from '../src/lib/routes/outputs.ts';
import { repoRoot } from '../src/node/paths.ts';

/**
 * What each module of src/data hands pages, as the key parts that cover it. The route helpers
 * (paths.ts) hand each route what its own key covers (a note's body to its page alone), so they
 * count for nothing here; the environment is in every key's version (`pagesVersion`).
 */
const dataReads: Record<string, readonly KeyPart[]> = {
  'site.ts': ['site'],
  'paths.ts': [],
  'environment.ts': [],
  'filters.ts': ['site'],
  'captures.ts': ['site', 'captures'],
  'client-captures.ts': ['site', 'captures'],
  'matrix.ts': ['site', 'captures'],
  'listings.ts': ['site', 'captures'],
  'outputs.ts': ['site', 'captures'],
  'history.ts': ['history'],
  'features.ts': ['site', 'captures'],
  'tool-names.ts': ['site', 'captures'],
  'feature-status.ts': ['site', 'captures', 'history'],
};

const dataDir = path.join(repoRoot, 'src/data');

/** The files a module imports for their values (type-only imports read nothing), resolved. */
const valueImports = (file: string, source: string): string[] =>
  [...source.matchAll(/^\s*import\s+(type\s+)?[^'"]*?from\s+['"](\.{1,2}\/[^'"]+)['"]/gm)]
    .filter((match) => match[1] === undefined)
    .map((match) => path.resolve(path.dirname(file), match[2] ?? ''));

/**
 * The data modules a route reaches, through components and layouts (not through src/lib, which is
 * pure and reads nothing of the build), each with the module that imports it.
 */
const reachedData = (route: string, read: (file: string) => string): Map<string, string> => {
  const reached = new Map<string, string>();
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const target of valueImports(file, read(file))) {
      if (path.dirname(target) === dataDir) {
        if (!reached.has(target)) reached.set(target, file);
      } else if (/\/src\/(components|layouts)\//.test(target)) walk(target);
    }
  };
  walk(route);
  return reached;
};

/** What a route reads beyond its key's parts, as lines naming the module and who imports it. */
const beyondKey = (route: string, parts: readonly KeyPart[], read: (file: string) => string): string[] => {
  const allowed = new Set<KeyPart>(parts);
  return [...reachedData(route, read)].flatMap(([module, by]) => {
    const reads = dataReads[path.basename(module)];
    if (reads === undefined) return [`${path.basename(module)}: not declared in dataReads`];
    const outside = reads.filter((part) => !allowed.has(part));
    return outside.length === 0
      ? []
      : [`${path.relative(repoRoot, module)} (imported by ${path.relative(repoRoot, by)}) reads ${outside.join(', ')}`];
  });
};

const pagesDir = path.join(repoRoot, 'src/pages');
const routes = readdirSync(pagesDir, { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.(astro|ts)$/.test(name))
  .map((name) => path.join(pagesDir, name));
const readSource = (file: string) => readFileSync(file, 'utf8');
/** Every keyed output's routes (its `madeBy` under src/pages), each with the parts of its key. */
const keyedRoutes = (Object.values(outputs) as Output[]).flatMap((output): [string, readonly KeyPart[]][] =>
  output.keys === undefined
    ? []
    : output.madeBy.filter((file) => file.startsWith('src/pages/')).map((file) => [file, output.keys ?? []]),
);

/** The route helpers of src/data/paths.ts that leave out what the plan reuses: their routes must be keyed. */
const planned = [
  ...readSource(path.join(repoRoot, 'src/data/paths.ts')).matchAll(/^export const (\w+) = [\s\S]*?(?=^export |(?![\s\S]))/gm),
]
  .filter((match) => match[0].includes('toRender('))
  .map((match) => match[1]);

describe('what a keyed page reads is what its key is made of', () => {
  it('keys every route whose paths leave out what the plan reuses, by its output in the table', () => {
    expect(planned.length).toBeGreaterThan(5);
    const routed = routes.flatMap((route) => {
      const helper = /getStaticPaths\s*=\s*(\w+)/.exec(readSource(route))?.[1];
      return helper !== undefined && planned.includes(helper) ? [path.relative(repoRoot, route)] : [];
    });
    expect(routed.filter((route) => !keyedRoutes.some(([file]) => file === route))).toEqual([]);
  });

  it.each(keyedRoutes)('%s reads only its key (%s)', (route, parts) => {
    expect(beyondKey(path.join(repoRoot, route), parts, readSource)).toEqual([]);
  });

  it('declares every data module, each reading at least what it imports', () => {
    const modules = readdirSync(dataDir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    expect(modules.filter((name) => dataReads[name] === undefined)).toEqual([]);
    for (const name of modules) {
      const file = path.join(dataDir, name);
      for (const target of valueImports(file, readSource(file)).filter((target) => path.dirname(target) === dataDir)) {
        const missing = (dataReads[path.basename(target)] ?? []).filter((part) => !(dataReads[name] ?? []).includes(part));
        if (name !== 'paths.ts')
          expect({ name, imports: path.basename(target), missing }).toEqual({
            name,
            imports: path.basename(target),
            missing: [],
          });
      }
    }
  });

  it('fails a listing page that reads the captures, through a component', () => {
    const files: Record<string, string> = {
      [path.join(pagesDir, 'research/page/[page].astro')]:
        "---\nimport List from '../../../components/List.astro';\nimport { researchPagePaths } from '../../../data/paths.ts';\nexport const getStaticPaths = researchPagePaths;\n---\n",
      [path.join(repoRoot, 'src/components/List.astro')]:
        "---\nimport type { NoteSummary } from '../data/site.ts';\nimport { captureData } from '../data/captures.ts';\n---\n",
    };
    const route = path.join(pagesDir, 'research/page/[page].astro');
    expect(beyondKey(route, outputs.researchPage.keys, (file) => files[file] ?? '')).toEqual([
      'src/data/captures.ts (imported by src/components/List.astro) reads captures',
    ]);
    expect(beyondKey(route, outputs.revision.keys, (file) => files[file] ?? '')).toEqual([]);
  });
});
