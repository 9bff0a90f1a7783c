/**
 * PKCE as the lab's authorization server checks it (RFC 7636 §4.2 and §4.6; OAuth 2.1 §4.1.1): a
 * verifier of 43 to 128 unreserved characters, and S256, the challenge being the base64url SHA-256 of
 * the verifier's ASCII bytes. Plain JavaScript (sha256.ts), so the rule is pure and unit-tested.
 */
import { sha256Hex } from '../../evidence/sha256.ts';

/** What a verifier and a challenge may be made of, and how long (RFC 7636 §4.1, §4.2). */
const UNRESERVED = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Bytes as base64url without padding (RFC 4648 §5). */
export const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** The S256 challenge of a verifier: base64url(SHA-256(ASCII(verifier))). */
export const s256 = (verifier: string): string => {
  const hex = sha256Hex(verifier);
  const bytes = new Uint8Array(32);
  for (let index = 0; index < 32; index += 1) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return base64url(bytes);
};

/** Whether a text can be a PKCE verifier or an S256 challenge: 43 to 128 unreserved characters. */
export const isPkceText = (text: string): boolean => UNRESERVED.test(text);

/** Whether a verifier answers an S256 challenge. */
export const verifiesS256 = (verifier: string, challenge: string): boolean =>
  isPkceText(verifier) && s256(verifier) === challenge;
