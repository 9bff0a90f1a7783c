/**
 * Reads one capture file and judges it by the same rules `npm run check` applies
 * (src/lib/content/capture-rules.ts), so a capture the probe wrote is known good before anyone cites it.
 */
import { hash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkCapture } from '../lib/content/capture-rules.ts';
import type { Capture } from '../lib/evidence/capture.ts';
import { decodeUtf8 } from '../lib/content/encoding.ts';
import { parseFile } from '../lib/content/frontmatter.ts';
import type { KnownClient } from './header.ts';
import type { Problem } from '../lib/content/problems.ts';

/** A capture file read and checked: the capture where it is valid, every problem either way. */
export interface ReadCapture {
  capture?: Capture | undefined;
  problems: Problem[];
  sha256: string;
}

/** The ids of the client files in a content folder (`clients/<id>.md`). */
export const clientIds = (contentDir: string): Set<string> =>
  new Set(
    readdirSync(path.join(contentDir, 'clients'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => name.slice(0, -'.md'.length)),
  );

/** Each client file's id and the `clientInfoName` it gives, to name a client from what it sent. */
export const knownClients = (contentDir: string): KnownClient[] =>
  [...clientIds(contentDir)].map((id) => {
    const data = parseFile(readFileSync(path.join(contentDir, 'clients', `${id}.md`), 'utf8'))?.data;
    const name = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)['clientInfoName'] : undefined;
    return { id, clientInfoName: typeof name === 'string' ? name : undefined };
  });

/** Reads and checks the capture at `file` against these client ids. */
export const readCapture = (file: string, clients: ReadonlySet<string>): ReadCapture => {
  const bytes = new Uint8Array(readFileSync(file));
  const { text, invalid } = decodeUtf8(bytes);
  const sha256 = hash('sha256', bytes, 'hex');
  const display = path.relative(process.cwd(), file) || file;
  const { capture, problems } = checkCapture(
    {
      id: path.basename(file, '.jsonl'),
      file: display,
      text,
      sha256,
      ...(invalid === undefined ? {} : { invalidUtf8: invalid }),
    },
    clients,
  );
  return { capture, problems, sha256 };
};
