/**
 * `npm run schema`: writes the JSON Schemas of the five frontmatter types to `schema/`, generated
 * from the zod schemas in src/schema (never written by hand), for editors and other tools.
 *   usage: npm run schema -- [--check] [--out DIR]
 *   --check     write nothing; exit 1 and name each file that differs from freshly generated output
 *   --out DIR   another folder than schema/ (tests)
 * `$id` names the copy the site serves (`SITE_URL`, default https://canimcp.io).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jsonSchemas } from '../lib/outputs/jsonschema.ts';
import { repoRoot } from '../node/paths.ts';
import { commandArgs } from '../node/command-line.ts';
import { fail } from './fail.ts';
import { siteOrigin } from '../node/environment.ts';

/** The committed files: the frontmatter types only; the site also serves the data export's schema. */
const names = ['note', 'client', 'revision', 'capability', 'feature'] as const;

const main = async () => {
  const args = commandArgs(import.meta.url, {
    options: { check: { type: 'boolean', default: false }, out: { type: 'string' } },
  });
  if (args === undefined) return;
  const { values } = args;
  const outDir = path.resolve(repoRoot, values.out ?? 'schema');
  const schemas = jsonSchemas(siteOrigin());
  const display = (file: string) => path.relative(process.cwd(), file) || file;
  const stale: string[] = [];
  if (!values.check) await mkdir(outDir, { recursive: true });
  for (const name of names) {
    const file = path.join(outDir, `${name}.json`);
    const text = `${JSON.stringify(schemas[name], null, 2)}\n`;
    if (values.check) {
      const written = await readFile(file, 'utf8').catch(() => undefined);
      if (written === undefined) stale.push(`${display(file)} is missing`);
      else if (written !== text) stale.push(`${display(file)} differs from the schema generated from src/schema`);
    } else {
      await writeFile(file, text);
      console.log(display(file));
    }
  }
  if (stale.length > 0) {
    for (const line of stale) console.error(line);
    console.error('run npm run schema to regenerate, and commit the result');
    process.exitCode = 1;
  } else if (values.check) {
    console.error(`ok: ${names.length} schemas in ${display(outDir)}/ match src/schema`);
  }
};

main().catch(fail);
