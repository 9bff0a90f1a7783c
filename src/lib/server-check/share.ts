/**
 * The server check's state in the page's URL, so a result can be shared: the pasted JSON,
 * compressed (`deflate-raw`) and written as base64url in the fragment, which browsers never send to
 * a server. Past a length that links survive, nothing is written and the page says so.
 */

/** Longest fragment written: links longer than this break in mail, chats and some browsers. */
export const MAX_SHARED = 6000;

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
};

const fromBase64Url = (text: string): Uint8Array => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

const through = async (bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> =>
  new Uint8Array(await new Response(new Blob([bytes as BlobPart]).stream().pipeThrough(stream)).arrayBuffer());

/** The fragment's value for a text, or undefined where it would be longer than `MAX_SHARED`. */
export const encodeShared = async (text: string): Promise<string | undefined> => {
  const encoded = toBase64Url(await through(new TextEncoder().encode(text), new CompressionStream('deflate-raw')));
  return encoded.length > MAX_SHARED ? undefined : encoded;
};

/** The text a fragment's value holds, or undefined where it is not one this page wrote. */
export const decodeShared = async (value: string): Promise<string | undefined> => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(
      await through(fromBase64Url(value), new DecompressionStream('deflate-raw')),
    );
  } catch {
    return undefined;
  }
};
