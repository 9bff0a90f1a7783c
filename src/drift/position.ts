/** Where a field of a content file is, for findings that point at it. */
import path from 'node:path';
import type { DriftPosition } from '../schema/drift.ts';
import { parseFile } from '../lib/content/frontmatter.ts';

/** The position of a frontmatter field (its key), the file's first line where it cannot be found. */
export const fieldPosition = (
  entry: { absolutePath: string; text: string },
  root: string,
  field: readonly PropertyKey[],
): DriftPosition => {
  const at = parseFile(entry.text)?.locate(field, 'key') ?? { line: 1, column: 1 };
  const file = path.relative(root, entry.absolutePath).split(path.sep).join('/');
  return { file, line: at.line, column: at.column };
};
