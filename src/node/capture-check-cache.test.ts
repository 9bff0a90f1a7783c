import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { captureChecksFile, readCaptureChecks, writeCaptureChecks } from './capture-check-cache.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'canimcp-capture-checks-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const checks = new Map([
  ['zed-a', { sha256: 'a'.repeat(64), client: 'zed' }],
  ['codex-b', { sha256: 'b'.repeat(64), client: 'codex' }],
]);

describe('the capture checks cache', () => {
  test('lives in the build cache folder, beside the other caches', () => {
    expect(captureChecksFile('/x/cache')).toBe('/x/cache/canimcp/capture-checks.json');
  });

  test('gives back what was written under the same code version', async () => {
    const file = captureChecksFile(path.join(dir, 'same'));
    expect(await writeCaptureChecks(file, 'code-1', checks)).toBe(true);
    expect(await readCaptureChecks(file, 'code-1')).toEqual(checks);
  });

  test('gives nothing under another code version', async () => {
    const file = captureChecksFile(path.join(dir, 'other'));
    await writeCaptureChecks(file, 'code-1', checks);
    expect((await readCaptureChecks(file, 'code-2')).size).toBe(0);
  });

  test('gives nothing for a missing, torn or foreign file', async () => {
    const file = captureChecksFile(path.join(dir, 'torn'));
    expect((await readCaptureChecks(file, 'code-1')).size).toBe(0);
    await writeCaptureChecks(file, 'code-1', checks);
    const text = await readFile(file, 'utf8');
    await writeFile(file, text.slice(0, text.length / 2));
    expect((await readCaptureChecks(file, 'code-1')).size).toBe(0);
    await writeFile(file, JSON.stringify({ version: 'code-1', checks: { 'zed-a': ['not a hash', 'zed'] } }));
    expect((await readCaptureChecks(file, 'code-1')).size).toBe(0);
  });

  test('a write replaces the whole set: a capture left out is no longer kept', async () => {
    const file = captureChecksFile(path.join(dir, 'replace'));
    await writeCaptureChecks(file, 'code-1', checks);
    await writeCaptureChecks(file, 'code-1', new Map([...checks].slice(0, 1)));
    expect([...(await readCaptureChecks(file, 'code-1')).keys()]).toEqual(['zed-a']);
  });
});
