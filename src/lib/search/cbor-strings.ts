/**
 * Every text string in a CBOR document (RFC 8949), in order: enough to read which files a Pagefind
 * metadata file names, without a CBOR library. Throws on bytes that are not well-formed CBOR.
 */
export const cborStrings = (bytes: Uint8Array): string[] => {
  const strings: string[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let at = 0;
  const byte = () => {
    if (at >= bytes.length) throw new Error('CBOR ends early');
    return bytes[at++] as number;
  };
  /** The argument of a head whose additional information is `info`; undefined for indefinite length. */
  const argument = (info: number): number | undefined => {
    if (info < 24) return info;
    if (info === 31) return undefined;
    const size = [1, 2, 4, 8][info - 24];
    if (size === undefined) throw new Error(`CBOR: reserved additional information ${info}`);
    let value = 0;
    for (let i = 0; i < size; i++) value = value * 256 + byte();
    return value;
  };
  const item = (): 'break' | undefined => {
    const head = byte();
    const major = head >> 5;
    const info = head & 31;
    if (head === 0xff) return 'break';
    const length = argument(info);
    switch (major) {
      case 0:
      case 1:
        return undefined;
      case 2:
      case 3: {
        if (length === undefined) {
          // Indefinite: definite chunks of the same type until a break.
          while (item() !== 'break');
          return undefined;
        }
        if (at + length > bytes.length) throw new Error('CBOR ends early');
        if (major === 3) strings.push(decoder.decode(bytes.subarray(at, at + length)));
        at += length;
        return undefined;
      }
      case 4:
      case 5: {
        const items = length === undefined ? Infinity : major === 5 ? length * 2 : length;
        for (let i = 0; i < items; i++) if (item() === 'break') break;
        return undefined;
      }
      case 6:
        item();
        return undefined;
      default:
        // Simple values and floats: the argument was their whole content.
        return undefined;
    }
  };
  while (at < bytes.length) item();
  return strings;
};
