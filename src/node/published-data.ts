/**
 * The site's published JSON, read from a built site: what the server check and the data package
 * rest on, so the command line and the page read exactly the same data. A site that has not been
 * built yet is built first (its log goes to standard error, so a command's own output stays clean).
 */
import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './paths.ts';

/** The published site's folder: `OUT_DIR`, else `dist/`. */
export const publishedSite = (): string => path.resolve(repoRoot, process.env['OUT_DIR'] ?? 'dist');

/** The exports every consumer reads, by their file under `data/`. */
export const dataFiles = ['features.json', 'matrix.json', 'clients.json'] as const;
export type DataFile = (typeof dataFiles)[number];

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** Builds the site into `site` with `npm run build`'s own command, its output on standard error. */
const build = (site: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'src/cli/build.ts')], {
      cwd: repoRoot,
      env: { ...process.env, OUT_DIR: site },
      stdio: ['ignore', process.stderr, process.stderr],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`the site could not be built (npm run build exited ${code ?? 'on a signal'})`)),
    );
  });

/** The parsed exports of a built site, building it first where `build` allows and a file is missing. */
export const readPublished = async (site: string, options: { build: boolean }): Promise<Record<DataFile, unknown>> => {
  const files = dataFiles.map((name) => path.join(site, 'data', name));
  const missing = (await Promise.all(files.map(exists))).some((found) => !found);
  if (missing) {
    if (!options.build)
      throw new Error(`${path.relative(process.cwd(), site) || site} has no data/features.json: run npm run build first`);
    console.error(`${path.relative(process.cwd(), site) || site} is not built yet: building it (npm run build) …`);
    await build(site);
  }
  const entries = await Promise.all(
    dataFiles.map(async (name, index) => [name, JSON.parse(await readFile(files[index] as string, 'utf8')) as unknown] as const),
  );
  return Object.fromEntries(entries) as Record<DataFile, unknown>;
};
