import { webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { installSyncDigest } from './sync-digest.ts';

const hex = (buffer: ArrayBuffer) => Buffer.from(buffer).toString('hex');
const encoder = new TextEncoder();

describe('installSyncDigest', () => {
  // An object of its own that answers as WebCrypto does: the process-wide one stays as it is for other tests.
  const subtle = { digest: webcrypto.subtle.digest.bind(webcrypto.subtle) } as SubtleCrypto;
  installSyncDigest(subtle);

  it('gives the digests WebCrypto gives, for every SHA algorithm and input form', async () => {
    const text = encoder.encode('body{color:red}\n'.repeat(200));
    const inputs: BufferSource[] = [
      text,
      text.buffer,
      new DataView(text.buffer, 5, 100),
      text.subarray(3, 40),
      new Uint8Array(0),
    ];
    for (const algorithm of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512', 'sha-256', { name: 'SHA-256' }]) {
      for (const input of inputs) {
        expect(hex(await subtle.digest(algorithm, input))).toBe(hex(await webcrypto.subtle.digest(algorithm, input)));
      }
    }
  });

  it('answers SHA-256 of "abc" with the published test vector', async () => {
    expect(hex(await subtle.digest('SHA-256', encoder.encode('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });

  it('leaves what it does not handle to WebCrypto, rejections included', async () => {
    await expect(subtle.digest('MD5', encoder.encode('abc'))).rejects.toMatchObject({ name: 'NotSupportedError' });
  });
});
