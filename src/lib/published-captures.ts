/**
 * The capture files of the content folder last read, handed from the read (src/node/content.ts) to
 * the pages. A global, like the bodies (bodies.ts): pages run in Astro's own bundled copy of the
 * modules, where a path computed from the module's own location no longer names the project.
 */
import type { CaptureFile } from './capture-rules.ts';

/** A capture file with its bytes, for `/captures/<id>.jsonl`, served byte for byte. */
export interface CaptureBytes extends CaptureFile {
  bytes: Uint8Array<ArrayBuffer>;
}

const holder = Symbol.for('canimcp.captureFiles');
type Holder = Record<typeof holder, readonly CaptureBytes[] | undefined>;

/** Hands the capture files just read to the pages. */
export const publishCaptureFiles = (files: readonly CaptureBytes[]): void => {
  (globalThis as unknown as Holder)[holder] = files;
};

/** The capture files last read; none before any read. */
export const publishedCaptureFiles = (): readonly CaptureBytes[] => (globalThis as unknown as Holder)[holder] ?? [];
