import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { collections } from '../schema/index.ts';
import { entryFileNames } from './content-files.ts';
import { decodeUtf8 } from '../lib/encoding.ts';
import type { SourceFile } from '../lib/entries.ts';
import { parseFile } from '../lib/frontmatter.ts';
import { OPEN_FILES, mapLimited } from '../lib/map-limited.ts';
import type { Problem } from '../lib/problems.ts';

/** How problems name a file: relative to the working directory. */
const display = (absolute: string) => path.relative(process.cwd(), absolute) || absolute;

/**
 * Reads every entry file of a content folder, in a stable order (by path), and says which of the
 * four folders are missing. Reads only: what the files say is for the rules to judge.
 */
export const readContent = async (contentDir: string): Promise<{ files: SourceFile[]; problems: Problem[] }> => {
  const problems: Problem[] = [];
  const perFolder = await Promise.all(
    collections.map(async (collection) => {
      const dir = path.join(contentDir, collection);
      const names = await entryFileNames(dir);
      if (names === undefined) {
        problems.push({
          file: display(dir),
          line: 1,
          column: 1,
          message: `missing folder: expected ${collection}/ in the content folder`,
        });
      }
      return (names ?? []).map((name) => ({ collection, name, absolutePath: path.join(dir, name) }));
    }),
  );
  const read = await mapLimited(perFolder.flat(), OPEN_FILES, async ({ collection, name, absolutePath }): Promise<SourceFile> => {
    const { text, invalid } = decodeUtf8(await readFile(absolutePath));
    return {
      collection,
      id: name.slice(0, -'.md'.length),
      file: display(absolutePath),
      absolutePath,
      text,
      parsed: parseFile(text),
      invalidUtf8: invalid,
    };
  });
  const files = read.sort((a, b) => a.file.localeCompare(b.file));
  return { files, problems };
};
