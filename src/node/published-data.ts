/**
 * The site's published JSON, read from a built site: what the server check and the data package
 * rest on, so the command line and the page read exactly the same data. A site that has not been
 * built yet is built first (its log goes to standard error, so a command's own output stays clean);
 * the project's own `dist/` that was built from other content (a test's, another checkout's, or an
 * older state of this one) is refused, never read as the project's data.
 */
import { spawn } from 'node:child_process';
import { access, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isRecord } from '../lib/mcp/json.ts';
import { contentDir, repoRoot } from './paths.ts';

/** The published site's folder: `OUT_DIR`, else `dist/`. */
export const publishedSite = (): string => path.resolve(repoRoot, process.env['OUT_DIR'] ?? 'dist');

/** The exports every consumer reads, by their file under `data/`. */
export const dataFiles = ['features.json', 'matrix.json', 'clients.json'] as const;
export type DataFile = (typeof dataFiles)[number];

/** Whose data a built site holds: the site it was built for and the day of its data (`/data/notes.json`). */
export interface DataSource {
  site: string;
  generated: string;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

const shown = (folder: string) => path.relative(process.cwd(), folder) || folder;

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

/** The site and day a built site's data is of, where its `data/notes.json` says. */
export const dataSource = async (site: string): Promise<DataSource | undefined> => {
  try {
    const notes: unknown = JSON.parse(await readFile(path.join(site, 'data', 'notes.json'), 'utf8'));
    return isRecord(notes) && typeof notes['site'] === 'string' && typeof notes['generated'] === 'string'
      ? { site: notes['site'], generated: notes['generated'] }
      : undefined;
  } catch {
    return undefined;
  }
};

const idsIn = async (folder: string, extension: string): Promise<Set<string>> =>
  new Set(
    (await readdir(folder).catch(() => [] as string[]))
      .filter((name) => name.endsWith(extension))
      .map((name) => name.slice(0, -extension.length)),
  );

/**
 * Where a built site's clients and captures are not those of a content folder: a sentence saying
 * how they differ, else undefined. Every client and every capture is published in `clients.json`,
 * so the two sets tell a site built from this content from one built from any other.
 */
export const contentMismatch = async (clients: unknown, content: string): Promise<string | undefined> => {
  const published = Array.isArray(clients) ? clients.filter(isRecord) : [];
  const builtClients = new Set(published.flatMap((client) => (typeof client['client'] === 'string' ? [client['client']] : [])));
  const builtCaptures = new Set(
    published.flatMap((client) =>
      Array.isArray(client['observed'])
        ? client['observed'].flatMap((seen) => (isRecord(seen) && typeof seen['capture'] === 'string' ? [seen['capture']] : []))
        : [],
    ),
  );
  const [ownClients, ownCaptures] = await Promise.all([
    idsIn(path.join(content, 'clients'), '.md'),
    idsIn(path.join(content, 'captures'), '.jsonl'),
  ]);
  const same = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((id) => b.has(id));
  if (same(builtClients, ownClients) && same(builtCaptures, ownCaptures)) return undefined;
  return `its data names ${builtClients.size} clients and ${builtCaptures.size} captures, ${shown(content)}/ has ${ownClients.size} clients and ${ownCaptures.size} captures`;
};

/**
 * The parsed exports of a built site and whose data they are. With `build` (the project's own site,
 * no `--site` given), a site with a file missing is built first, and one built from other content
 * than the project's is refused with what to do; a site named on purpose is read as it is.
 */
export const readPublished = async (
  site: string,
  options: { build: boolean },
): Promise<Record<DataFile, unknown> & { source: DataSource | undefined }> => {
  const files = dataFiles.map((name) => path.join(site, 'data', name));
  const missing = (await Promise.all(files.map(exists))).some((found) => !found);
  if (missing) {
    if (!options.build) throw new Error(`${shown(site)} has no data/features.json: run npm run build first`);
    console.error(`${shown(site)} is not built yet: building it (npm run build) …`);
    await build(site);
  }
  const entries = await Promise.all(
    dataFiles.map(async (name, index) => [name, JSON.parse(await readFile(files[index] as string, 'utf8')) as unknown] as const),
  );
  const data = Object.fromEntries(entries) as Record<DataFile, unknown>;
  const source = await dataSource(site);
  if (options.build) {
    const mismatch = await contentMismatch(data['clients.json'], contentDir());
    if (mismatch !== undefined)
      throw new Error(
        `${shown(site)} was built from other content than the project's (${mismatch}; its data: ${source === undefined ? 'of an unknown site' : `${source.site}, generated ${source.generated}`}): run npm run build to build the project's own, or give --site for the site you mean`,
      );
  }
  return { ...data, source };
};
