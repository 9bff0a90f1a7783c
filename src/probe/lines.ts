/**
 * Splits a byte stream into newline-delimited lines, the stdio transport's framing, with a ceiling on
 * a line's size: a line past it is never held in memory, only counted, so a multi-megabyte line or a
 * stream without newlines cannot exhaust the probe.
 */

/** One thing the splitter found: a whole line (without its `\n`), or a line too long to keep. */
export type Line = { kind: 'line'; bytes: Uint8Array } | { kind: 'oversize'; length: number };

/** A stream's lines, fed chunk by chunk. */
export class LineSplitter {
  readonly #max: number;
  #parts: Uint8Array[] = [];
  #held = 0;
  /** Bytes of the current line seen past the ceiling; the line is being skipped while this is set. */
  #skipped: number | undefined;

  /** Lines longer than `maxLineBytes` are reported by length only. */
  constructor(maxLineBytes: number) {
    this.#max = maxLineBytes;
  }

  /** The lines a chunk completes. */
  push(chunk: Uint8Array): Line[] {
    const lines: Line[] = [];
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline < 0 ? chunk.length : newline;
      this.#take(chunk.subarray(start, end));
      if (newline < 0) break;
      lines.push(this.#finish());
      start = newline + 1;
    }
    return lines;
  }

  /** What is left when the stream ends: a last line without a newline, if any. */
  end(): Line[] {
    return this.#held > 0 || this.#skipped !== undefined ? [this.#finish()] : [];
  }

  #take(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.#skipped !== undefined) {
      this.#skipped += piece.length;
      return;
    }
    if (this.#held + piece.length > this.#max) {
      this.#skipped = this.#held + piece.length;
      this.#parts = [];
      this.#held = 0;
      return;
    }
    // A copy: the chunk's buffer may be reused by the stream.
    this.#parts.push(piece.slice());
    this.#held += piece.length;
  }

  #finish(): Line {
    const skipped = this.#skipped;
    const parts = this.#parts;
    this.#parts = [];
    this.#held = 0;
    this.#skipped = undefined;
    if (skipped !== undefined) return { kind: 'oversize', length: skipped };
    return { kind: 'line', bytes: Buffer.concat(parts) };
  }
}

/** Bytes as text: UTF-8 where they are, U+FFFD where they are not, and whether any were not. */
export const decodeLine = (bytes: Uint8Array): { text: string; valid: boolean } => {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), valid: true };
  } catch {
    return { text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes), valid: false };
  }
};
