/** Where a file stops being valid UTF-8: the first bad byte, and its line and column. */
export interface InvalidUtf8 {
  line: number;
  column: number;
  /** The offending byte. */
  byte: number;
}

/**
 * Decodes a file's bytes as UTF-8. Where they are not valid UTF-8 (a Latin-1 `é`, say), `invalid`
 * places the first bad byte and `text` is the lenient reading, with U+FFFD for what could not be
 * decoded: a file must not reach readers with its characters silently replaced.
 */
export const decodeUtf8 = (bytes: Uint8Array): { text: string; invalid?: InvalidUtf8 } => {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    // The longest prefix that streams without error ends where the first bad sequence starts
    // (streaming tolerates a character cut at the end); its complete characters place the error.
    const decodes = (length: number) => {
      try {
        return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, length), { stream: true });
      } catch {
        return undefined;
      }
    };
    let good = 0;
    let bad = bytes.length;
    while (bad - good > 1) {
      const middle = Math.floor((good + bad) / 2);
      if (decodes(middle) === undefined) bad = middle;
      else good = middle;
    }
    const before = decodes(good) ?? '';
    // A byte-order mark is kept in the text (as reading with Node's 'utf8' did) but is no column.
    const lines = before.replace(/^\uFEFF/, '').split('\n');
    // The bad sequence starts after the prefix's complete characters (a lead byte may be among them).
    const start = new TextEncoder().encode(before).length;
    return {
      text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes),
      invalid: { line: lines.length, column: [...(lines.at(-1) ?? '')].length + 1, byte: bytes[start] ?? 0 },
    };
  }
};
