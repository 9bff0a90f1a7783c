/** Reads the release lists of a content folder (`releases/<client>.json`), which the lab writes; their rules are release-rules.ts. */
import { hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ReleaseFile } from '../lib/content/release-rules.ts';

/** The folder of the release lists in a content folder. */
export const releasesDir = (contentDir: string): string => path.join(contentDir, 'releases');

/** Every `releases/*.json` of a content folder, sorted by name; none where the folder is absent. */
export const readReleaseFiles = async (contentDir: string): Promise<ReleaseFile[]> => {
  const dir = releasesDir(contentDir);
  const names = await readdir(dir, { withFileTypes: true }).then(
    (items) =>
      items
        .filter((item) => item.isFile() && item.name.endsWith('.json') && !item.name.startsWith('.'))
        .map((item) => item.name)
        .sort(),
    () => [],
  );
  return Promise.all(
    names.map(async (name): Promise<ReleaseFile> => {
      const absolute = path.join(dir, name);
      const bytes = await readFile(absolute);
      return {
        id: name.slice(0, -'.json'.length),
        file: path.relative(process.cwd(), absolute) || absolute,
        text: bytes.toString('utf8'),
        sha256: hash('sha256', bytes, 'hex'),
      };
    }),
  );
};
