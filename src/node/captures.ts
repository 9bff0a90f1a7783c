/**
 * Reads the capture files of a content folder (`captures/*.jsonl`): their bytes, text and SHA-256.
 * A folder without captures/ has none, and that is no problem: captures are optional evidence.
 */
import { hash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { checkCapture, type Capture, type CaptureFile } from '../lib/capture-rules.ts';
import { decodeUtf8 } from '../lib/encoding.ts';
import { entryIds } from './content-files.ts';

/** A capture file as read, with its bytes for `/captures/<id>.jsonl`, served byte for byte. */
export interface CaptureBytes extends CaptureFile {
  bytes: Uint8Array;
}

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

/** A valid capture with the bytes it was read from. */
export type PublishedCapture = Capture & { bytes: Uint8Array };

/**
 * The valid captures of a content folder, for the site: the build has refused any invalid one
 * before pages are made, so here an invalid file is only left out.
 */
export const loadCaptures = async (contentDir: string): Promise<PublishedCapture[]> => {
  const clients = new Set(await entryIds(path.join(contentDir, 'clients')));
  return (await readCaptureFiles(contentDir)).flatMap((file) => {
    const { capture } = checkCapture(file, clients);
    return capture === undefined ? [] : [{ ...capture, bytes: file.bytes }];
  });
};
