/**
 * Reads the capture files of a content folder (`captures/*.jsonl`): their bytes, text and SHA-256.
 * A folder without captures/ has none, and that is no problem: captures are optional evidence.
 */
import { hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeUtf8 } from '../lib/content/encoding.ts';
import type { CaptureBytes } from '../lib/content/capture-rules.ts';

/** How problems name a file: relative to the working directory. */
const display = (absolute: string) => path.relative(process.cwd(), absolute) || absolute;

/** The capture files of a content folder, sorted by name; none where captures/ is missing. */
export const readCaptureFiles = async (contentDir: string): Promise<CaptureBytes[]> => {
  const dir = path.join(contentDir, 'captures');
  const names = await readdir(dir, { withFileTypes: true }).then(
    (items) =>
      items
        .filter((item) => item.isFile() && item.name.endsWith('.jsonl') && !item.name.startsWith('.'))
        .map((item) => item.name)
        .sort(),
    () => [],
  );
  return Promise.all(
    names.map(async (name): Promise<CaptureBytes> => {
      const absolute = path.join(dir, name);
      const bytes = new Uint8Array(await readFile(absolute));
      const { text, invalid } = decodeUtf8(bytes);
      return {
        id: name.slice(0, -'.jsonl'.length),
        file: display(absolute),
        text,
        sha256: hash('sha256', bytes, 'hex'),
        ...(invalid === undefined ? {} : { invalidUtf8: invalid }),
        bytes,
      };
    }),
  );
};
