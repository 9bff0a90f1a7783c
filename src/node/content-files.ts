import { readdir } from 'node:fs/promises';

/**
 * The entry files of one content folder, sorted: regular `*.md` files only. A folder named `x.md`
 * is not an entry, nor is a hidden file (an editor's lock such as `.#x.md`). Check, build, `new` and
 * the bench all list folders through this, so they agree on what an entry is. `undefined` when the
 * folder does not exist.
 */
export const entryFileNames = async (dir: string): Promise<string[] | undefined> => {
  try {
    const items = await readdir(dir, { withFileTypes: true });
    return items
      .filter((item) => item.isFile() && item.name.endsWith('.md') && !item.name.startsWith('.'))
      .map((item) => item.name)
      .sort();
  } catch {
    return undefined;
  }
};

/** The ids of the entries in one content folder (file names without `.md`); none for a missing folder. */
export const entryIds = async (dir: string): Promise<string[]> =>
  ((await entryFileNames(dir)) ?? []).map((name) => name.slice(0, -'.md'.length));
