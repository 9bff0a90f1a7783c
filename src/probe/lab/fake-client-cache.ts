/**
 * For tests of whole lab runs: a throwaway lab cache holding one fake npm client (`tiny-client`
 * 1.0.0, its bin a script) and a kit module beside it, set as the lab's cache for each test and
 * put back after, so a run installs nothing and reaches no registry.
 */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';

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
