/**
 * For tests of whole lab runs: a throwaway lab cache holding one fake npm client (`tiny-client`
 * 1.0.0, its bin a script) and a kit module beside it, set as the lab's cache for each test and
 * put back after, so a run installs nothing and reaches no registry.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Capture } from '../../lib/evidence/capture.ts';
import type { CaptureTransport } from '../../schema/capture.ts';
import { readCapture } from '../read-capture.ts';
import { runKit } from '../run-command.ts';

/** Sets the cache up before each test and restores the lab's cache after; returns where the cache is now. */
export const useFakeClientCache = (prefix: string, bin: string, kitModule: string): (() => string) => {
  let cache = '';
  const saved = process.env['CANIMCP_LAB_CACHE'];
  beforeEach(() => {
    cache = mkdtempSync(path.join(tmpdir(), prefix));
    const modules = path.join(cache, 'tiny-client@1.0.0', 'node_modules');
    mkdirSync(path.join(modules, 'tiny-client'), { recursive: true });
    mkdirSync(path.join(modules, '.bin'), { recursive: true });
    writeFileSync(path.join(modules, 'tiny-client', 'package.json'), JSON.stringify({ name: 'tiny-client', version: '1.0.0' }));
    writeFileSync(path.join(modules, '.bin', 'tiny-client'), bin);
    chmodSync(path.join(modules, '.bin', 'tiny-client'), 0o755);
    writeFileSync(path.join(cache, 'kit.mjs'), kitModule);
    process.env['CANIMCP_LAB_CACHE'] = cache;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env['CANIMCP_LAB_CACHE'];
    else process.env['CANIMCP_LAB_CACHE'] = saved;
  });
  return () => cache;
};

/**
 * Runs the fake client's kit (`kit.mjs` in `cache`) in the sandbox as `npm run probe -- run` would,
 * expects exactly one capture that check accepts, and returns it with the file it was written to.
 */
export const runFakeClient = async (
  cache: string,
  transport: CaptureTransport,
  scenario?: string,
): Promise<{ file: string; capture: Capture }> => {
  const report = await runKit({
    client: 'codex',
    kitFile: path.join(cache, 'kit.mjs'),
    version: '1.0.0',
    transport,
    persona: 'observe',
    ...(scenario === undefined ? {} : { scenario }),
    captures: mkdtempSync(path.join(tmpdir(), 'probe-fake-captures-')),
    sandbox: true,
  });
  expect(report.rejected).toEqual([]);
  expect(report.written).toHaveLength(1);
  const file = report.written[0] ?? '';
  const { capture, problems } = readCapture(file, new Set(['codex']));
  expect(problems).toEqual([]);
  if (capture === undefined) throw new Error('no capture');
  return { file, capture };
};
