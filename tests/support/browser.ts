/**
 * The one way browser tests and the benchmark start Chromium, through playwright-core (which never
 * downloads a browser). Which Chromium: `CHROMIUM_PATH` if set, else Debian's `/usr/bin/chromium`
 * if there is one, else the Chromium that `npm install` brought inside `@sparticuz/chromium`
 * (Linux x64). `CHROMIUM_PATH=bundled` forces the bundled one, to try what a bare machine runs.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { onTestFinished } from 'vitest';
import { repoRoot } from '../../src/node/paths.ts';

const run = promisify(execFile);

/** Debian's Chromium, used when `CHROMIUM_PATH` is not set and it is installed. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** A Chromium to launch: its binary and what its process needs beyond the usual flags. */
export interface ChromiumChoice {
  source: 'CHROMIUM_PATH' | 'system' | 'bundled';
  executablePath: string;
  env?: Record<string, string>;
}

/** Which Chromium the environment asks for, before anything is unpacked. */
export const chooseChromium = (
  env: Record<string, string | undefined> = process.env,
  exists: (file: string) => boolean = existsSync,
): 'bundled' | { source: 'CHROMIUM_PATH' | 'system'; executablePath: string } => {
  const asked = env['CHROMIUM_PATH'];
  if (asked === 'bundled') return 'bundled';
  if (asked) return { source: 'CHROMIUM_PATH', executablePath: asked };
  if (exists(SYSTEM_CHROMIUM)) return { source: 'system', executablePath: SYSTEM_CHROMIUM };
  return 'bundled';
};

/**
 * Unpacks the bundled Chromium once per installed version into `node_modules/.cache`, atomically:
 * it is unpacked into a scratch folder and renamed into place, so parallel runs never launch a
 * half-written binary.
 */
const unpackBundled = async (): Promise<ChromiumChoice> => {
  const packageDir = path.join(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..');
  const { version } = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cache = path.join(repoRoot, 'node_modules/.cache/canimcp-chromium');
  const dir = path.join(cache, version);
  if (!existsSync(path.join(dir, 'chromium'))) {
    await mkdir(cache, { recursive: true });
    const scratch = await mkdtemp(path.join(cache, 'unpacking-'));
    try {
      await run(process.execPath, [path.join(repoRoot, 'tests/support/unpack-chromium.ts')], {
        env: { ...process.env, TMPDIR: scratch },
      });
      await rename(scratch, dir).catch((error: NodeJS.ErrnoException) => {
        // Another run unpacked the same version first; use theirs.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  const libraries = path.join(dir, 'al2023/lib');
  const inherited = process.env['LD_LIBRARY_PATH'];
  return {
    source: 'bundled',
    executablePath: path.join(dir, 'chromium'),
    env: { LD_LIBRARY_PATH: inherited ? `${libraries}:${inherited}` : libraries },
  };
};

/** The Chromium the environment points at, unpacking the bundled one if it is that; rejects with a reason. */
export const resolveChromium = async (env: Record<string, string | undefined> = process.env): Promise<ChromiumChoice> => {
  const choice = chooseChromium(env);
  if (choice !== 'bundled') {
    if (!existsSync(choice.executablePath))
      throw new Error(
        `no Chromium at ${choice.executablePath} (from ${choice.source}); unset CHROMIUM_PATH, or set it to "bundled", to use the one npm installed`,
      );
    return choice;
  }
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(
      `the bundled Chromium runs on Linux x64 only, and this is ${process.platform} ${process.arch}: set CHROMIUM_PATH to a Chromium or Chrome binary`,
    );
  return unpackBundled();
};

/**
 * The flags every headless Chromium here runs with: no sandbox or GPU (containers), and no
 * background traffic, which this machine's closed network refuses and which measurements would count.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let found: Promise<ChromiumChoice> | undefined;

/**
 * Launches headless Chromium with background traffic turned off, so network measurements and
 * request logs see only the page. Never skips: a missing browser is an error (and fails under CI).
 */
export const launchBrowser = async (): Promise<Browser> => {
  found ??= resolveChromium();
  const { executablePath, env } = await found;
  return chromium.launch({
    executablePath,
    headless: true,
    ...(env ? { env: { ...process.env, ...env } } : {}),
    args: CHROMIUM_FLAGS,
  });
};

/**
 * `closable` (a page or a browser context), closed once the running test ends, passed or failed:
 * the test's own finally, so an assertion that throws half-way leaves no page open. A test may
 * still close it earlier; a second close does nothing.
 */
export const closedAfterTest = <T extends { close: () => Promise<unknown> }>(closable: T): T => {
  onTestFinished(async () => {
    await closable.close().catch(() => undefined);
  });
  return closable;
};
