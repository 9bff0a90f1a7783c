import { hash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { collections } from '../schema/index.ts';
import { entryFileNames } from './content-files.ts';
import { decodeUtf8 } from '../lib/content/encoding.ts';
import type { SourceFile } from '../lib/content/entries.ts';
import { parseFile, parsedFrom } from '../lib/content/frontmatter.ts';
import { OPEN_FILES, mapLimited } from '../lib/tasks/map-limited.ts';
import type { Problem } from '../lib/content/problems.ts';
import { memoKey, type ValidationMemo } from '../lib/content/validate.ts';

/** How problems name a file: relative to the working directory. */
const display = (absolute: string) => path.relative(process.cwd(), absolute) || absolute;

/** Files read before, by absolute path, with the size and modification time they had. */
export type ReadCache = Map<string, { size: number; mtimeMs: number; file: SourceFile }>;

/** The one buffer every file is read into; it grows to the largest file. */
let scratch = Buffer.allocUnsafe(64 * 1024);

/**
 * A file's bytes, read in place into `scratch` (valid until the next read). Thousands of small
 * files read so three times faster than through the thread pool, and allocate nothing each: a
 * buffer per file, all alive until the next collection, raised the build's peak memory.
 */
const readBytes = (file: string): Buffer => {
  const fd = openSync(file, 'r');
  try {
    const { size } = fstatSync(fd);
    if (size > scratch.length) scratch = Buffer.allocUnsafe(size);
    let read = 0;
    while (read < size) {
      const got = readSync(fd, scratch, read, size - read, read);
      if (got === 0) break;
      read += got;
    }
    return scratch.subarray(0, read);
  } finally {
    closeSync(fd);
  }
};

const readOne = (
  collection: SourceFile['collection'],
  name: string,
  absolutePath: string,
  memo: ValidationMemo | undefined,
): SourceFile => {
  const { text, invalid } = decodeUtf8(readBytes(absolutePath));
  const textHash = hash('sha256', text, 'base64url');
  // A file an earlier check parsed is not parsed again: at 5,000 notes, a third of a second.
  const known = invalid === undefined ? memo?.get(memoKey({ absolutePath, hash: textHash }))?.parse : undefined;
  return {
    collection,
    id: name.slice(0, -'.md'.length),
    file: display(absolutePath),
    absolutePath,
    text,
    hash: textHash,
    parsed: known ? parsedFrom(text, known.frontmatterLength, known.data) : parseFile(text),
    invalidUtf8: invalid,
  };
};

/**
 * Reads every entry file of a content folder, in a stable order (by path), and says which of the
 * four folders are missing. Reads only: what the files say is for the rules to judge.
 *
 * With a cache (the dev server keeps one), a file whose size and modification time are those it
 * had when last read is taken from the cache instead of read and parsed again; the cache is then
 * updated to this read. A save changes the modification time (nanoseconds here), so one edit costs
 * one file's read and parse, not the whole folder's. With a memo of earlier checks (the dev server
 * keeps that too; a build has neither), a file whose text an earlier check parsed is read but not
 * parsed again.
 */
export const readContent = async (
  contentDir: string,
  cache?: ReadCache,
  memo?: ValidationMemo,
): Promise<{ files: SourceFile[]; problems: Problem[] }> => {
  const problems: Problem[] = [];
  const perFolder = await Promise.all(
    collections.map(async (collection) => {
      const dir = path.join(contentDir, collection);
      const names = await entryFileNames(dir);
      // features/ came later than the other four: a content folder without it has no features.
      if (names === undefined && collection !== 'features') {
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
    if (cache === undefined) return readOne(collection, name, absolutePath, memo);
    const before = await stat(absolutePath);
    const known = cache.get(absolutePath);
    if (known && known.size === before.size && known.mtimeMs === before.mtimeMs) return known.file;
    const file = readOne(collection, name, absolutePath, memo);
    // Kept only when the file did not change while it was read, so a half-written save is read again.
    const after = await stat(absolutePath);
    if (after.size === before.size && after.mtimeMs === before.mtimeMs)
      cache.set(absolutePath, { size: before.size, mtimeMs: before.mtimeMs, file });
    else cache.delete(absolutePath);
    return file;
  });
  if (cache !== undefined) {
    const present = new Set(read.map((file) => file.absolutePath));
    for (const known of cache.keys()) if (!present.has(known)) cache.delete(known);
  }
  const files = read.sort((a, b) => a.file.localeCompare(b.file));
  return { files, problems };
};
