import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { formFile, matchOutputFile } from '../outputs/output-files.ts';
import { architectureOutputs, outputsMarkdown, withArchitectureOutputs } from '../outputs/outputs-table.ts';
import { forms, outputs, type Output, type OutputName } from './outputs.ts';
import { fillPattern } from './urls.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const rows = Object.entries(outputs) as [OutputName, Output][];

/** A sample value for each `<…>` of a pattern. */
const sample: Record<string, string> = {
  id: 'an-id',
  n: '2',
  path: 'tools/call',
  client: 'a-client',
  name: 'note',
  file: 'x.js',
};
const params = (output: Output) =>
  Object.fromEntries([...output.pattern.matchAll(/<([a-z]+)>/g)].map(([, name = '']) => [name, sample[name] ?? 'x']));

describe('the table of outputs', () => {
  test('names, for every output, source files that exist, and every route of src/pages is one of them', () => {
    const madeBy = new Set(rows.flatMap(([, output]) => output.madeBy));
    expect([...madeBy].filter((file) => !existsSync(path.join(root, file)))).toEqual([]);
    const routes = readdirSync(path.join(root, 'src/pages'), { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.(astro|ts)$/.test(name) && !name.endsWith('.test.ts'))
      .map((name) => `src/pages/${name.split(path.sep).join('/')}`);
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !madeBy.has(route))).toEqual([]);
  });

  test('gives each URL one output: no two rows and forms write the same file', () => {
    const files = rows.flatMap(([, output]) => output.forms.map((form) => formFile(output, form, params(output))));
    expect(files.filter((file, index) => files.indexOf(file) !== index)).toEqual([]);
  });

  test.each(rows)('%s: each form’s file is read back as that output, with what its pattern stood for', (name, output) => {
    for (const form of output.forms) {
      const file = formFile(output, form, params(output));
      const found = matchOutputFile(file).find((match) => match.name === name && match.form === form);
      expect(found?.params, file).toEqual(params(output));
    }
  });

  test('reads no file it does not name as an output', () => {
    for (const file of ['research/a/sources.json', 'about.html', 'clients/x/other.txt', 'captures/a/b.html'])
      expect(matchOutputFile(file), file).toEqual([]);
  });

  test('fills a pattern, refusing one that lacks a part', () => {
    expect(fillPattern('/clients/<id>/feed.xml', { id: 'zed' })).toBe('/clients/zed/feed.xml');
    expect(() => fillPattern('/clients/<id>/feed.xml', {})).toThrow('the output /clients/<id>/feed.xml needs its <id>');
  });

  test('prints as a contract’s table: a header, then one line per output with each of its URLs and forms', () => {
    const lines = outputsMarkdown().trim().split('\n');
    expect(lines[0]).toBe('| URL | forms | key | schema | content type | sitemap | llms.txt | what |');
    expect(lines).toHaveLength(rows.length + 2);
    rows.forEach(([, output], index) => {
      const line = lines[index + 2] ?? '';
      expect(line.split(' | ')).toHaveLength(8);
      for (const form of output.forms) expect(line).toContain(forms[form].label);
      expect(line).toContain(`\`${output.pattern === '/' ? '/' : output.pattern}`);
    });
  });
});

describe("ARCHITECTURE.md's list of outputs", () => {
  test('is the one generated from the table (npm run outputs -- --write writes it)', () => {
    const document = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');
    expect(withArchitectureOutputs(document)).toBe(document);
  });

  test('a list that differs from the table is found', () => {
    const document = `# A\n\n${architectureOutputs()}\n\nThe end.\n`;
    expect(withArchitectureOutputs(document)).toBe(document);
    const stale = document.replace('`/search`', '`/find`');
    expect(withArchitectureOutputs(stale)).not.toBe(stale);
    expect(withArchitectureOutputs('# No list here\n')).toBeUndefined();
  });
});
