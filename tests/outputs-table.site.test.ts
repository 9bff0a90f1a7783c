/**
 * The table of outputs (src/lib/routes/outputs.ts) against what the build wrote: every file of the
 * two sites the global setup built (the project's own content and the fixture) is an output of a row,
 * every row with an instance has its files, and the sitemap, /llms.txt and the page manifest list
 * exactly what the table says they list. The Cloudflare form's rows are held by cloudflare-fold's test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { formFile, matchOutputFile, type OutputFileMatch } from '../src/lib/outputs/output-files.ts';
import { outputs, type Output, type OutputName } from '../src/lib/routes/outputs.ts';
import { manifestFile } from '../src/node/page-reuse.ts';
import { listFiles, read } from './support/dist.ts';
import { fixtureDist, mainDist, requireDist } from './support/site.ts';

const sites = [
  ['main', mainDist],
  ['fixture', fixtureDist],
] as const;

/** The rows a default (Netlify) build writes as files. */
const written = (output: Output) => output.hosts === undefined || output.hosts.includes('netlify');

/** Each file of a built site with the rows it matches. */
const matched = (dist: string): [string, OutputFileMatch[]][] =>
  listFiles(dist).map((file) => {
    const relative = file.split(path.sep).join('/');
    return [relative, matchOutputFile(relative).filter((match) => written(match.output))];
  });

describe.each(sites)('the %s site, against the table of outputs', (_name, dir) => {
  const dist = requireDist(dir);
  const files = matched(dist);
  const of = (name: OutputName) => files.filter(([, matches]) => matches.some((match) => match.name === name));

  test('every file it wrote is an output of a row', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.filter(([, matches]) => matches.length === 0).map(([file]) => file)).toEqual([]);
  });

  test('every form of an output written is there: a page with its twin, a capture with its file', () => {
    const missing = files.flatMap(([, matches]) =>
      matches.flatMap(({ output, params }) =>
        output.forms.map((form) => formFile(output, form, params)).filter((file) => !files.some(([other]) => other === file)),
      ),
    );
    // A badge's path can read as another badge's, which has no twin to miss; every other row's forms come together.
    expect(missing.filter((file) => !file.startsWith('badges/'))).toEqual([]);
  });

  test('the sitemap lists exactly the pages of the rows marked for it', () => {
    const locs = [...read(dist, 'sitemap.xml').matchAll(/<loc>https:\/\/canimcp\.io([^<]*)<\/loc>/g)].map(
      (match) => match[1] || '/',
    );
    const pages = files.flatMap(([, matches]) =>
      matches
        .filter(({ output, form }) => form === 'page' && output.sitemap === true)
        .map(({ output, params }) => formFile(output, 'page', params)),
    );
    const page = (loc: string) => (loc === '/' ? 'index.html' : `${loc.slice(1)}.html`);
    expect(locs.map(page).sort()).toEqual([...new Set(pages)].sort());
  });

  test('/llms.txt links the twins of the rows marked for it, and every one of them', () => {
    const links = [...read(dist, 'llms.txt').matchAll(/\]\(https:\/\/canimcp\.io([^)]*)\)/g)].map((match) =>
      (match[1] ?? '').slice(1),
    );
    const twins = files.flatMap(([file, matches]) =>
      matches.some(({ output, form }) => form === 'twin' && output.llms === true) ? [file] : [],
    );
    expect([...new Set(links)].sort()).toEqual(twins.sort());
  });

  test('the page manifest keys exactly the files of the rows with a key', () => {
    // The global setup builds each site with its caches beside it (tests/support/site.ts).
    const manifest = JSON.parse(readFileSync(manifestFile(`${dist}.cache`), 'utf8')) as { keys: Record<string, string> };
    const keyed = files.flatMap(([file, matches]) =>
      matches.some(({ output, form }) => (form === 'twin' ? (output.twinKeys ?? output.keys) : output.keys) !== undefined)
        ? [file]
        : [],
    );
    expect(Object.keys(manifest.keys).sort()).toEqual(keyed.sort());
  });

  test('has the files of the rows it has instances of', () => {
    // What the content of each site holds: every row but the paged lists the fixture is too small for.
    const rows = (Object.entries(outputs) as [OutputName, Output][]).filter(([, output]) => written(output));
    const empty = rows.filter(([name]) => of(name).length === 0).map(([name]) => name);
    expect(empty).toEqual(_name === 'main' ? [] : ['researchPage', 'clientCapturesPage', 'capturesPage']);
  });
});
