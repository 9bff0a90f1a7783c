/**
 * `npm run data-package`: writes the data package's folder from the built site (built first where
 * it is missing), runs `npm pack` in it, and prints the tarball's path as its last line.
 *   usage: npm run data-package -- [--site DIR] [--out DIR]
 *   --site DIR   the built site to read (default dist/)
 *   --out DIR    the package folder (default node_modules/.cache/canimcp-data/package); the tarball is written beside it
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandArgs } from '../node/command-line.ts';
import { writeDataPackage } from '../node/data-package.ts';
import { buildDate, siteOrigin } from '../node/environment.ts';
import { repoRoot } from '../node/paths.ts';
import { publishedSite, readPublished } from '../node/published-data.ts';
import { fail } from './fail.ts';

const run = promisify(execFile);

const main = async () => {
  const args = commandArgs(import.meta.url, { options: { site: { type: 'string' }, out: { type: 'string' } } });
  if (args === undefined) return;
  const { values } = args;
  const site = values.site === undefined ? publishedSite() : path.resolve(values.site);
  await readPublished(site, { build: values.site === undefined });
  const out = path.resolve(values.out ?? path.join(repoRoot, 'node_modules/.cache/canimcp-data/package'));
  await writeDataPackage(site, out, { origin: siteOrigin(), day: buildDate() });
  const npm = process.env['npm_execpath'];
  const { stdout } = npm?.endsWith('.js')
    ? await run(process.execPath, [npm, 'pack', '--pack-destination', path.dirname(out)], { cwd: out })
    : await run('npm', ['pack', '--pack-destination', path.dirname(out)], { cwd: out });
  const tarball = stdout.trim().split('\n').at(-1) ?? '';
  console.log(path.join(path.dirname(out), tarball));
};

main().catch(fail);
