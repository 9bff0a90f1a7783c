/**
 * A 64-bit fingerprint of a string (two 32-bit FNV-1a hashes, seeded apart), in plain JavaScript so
 * it runs anywhere: for telling whether a cache key is the one a result was made under, where the
 * key itself would be long (every id of the content) and compared thousands of times.
 */
export const fingerprint = (text: string): string => {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
};
