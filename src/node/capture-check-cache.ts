/**
 * The captures that passed their rules in the last build or check of a folder, kept in the
 * build's cache folder (`capture-checks.json` beside the render cache), so the next one judges only
 * the captures that are new or whose bytes changed (src/lib/content/capture-checks.ts). Keyed on
 * the code version: a change to the rules, the schema or anything else under src/ drops every
 * entry. An entry speaks only for a file of the same name whose bytes hash the same.
 *
 * Only content that passed every check is kept: the caller writes after its problems are known to
 * be none, so a build that refuses its content leaves the cache as it was.
 */
import path from 'node:path';
import type { CaptureCheck, CaptureChecks } from '../lib/content/capture-checks.ts';
import { readJsonFile, writeInPieces } from './json-file.ts';

/** The file: per capture id, the SHA-256 of its bytes and the client its header names. */
interface CacheFile {
  version: string;
  checks: Record<string, [sha256: string, client: string]>;
}

const isCacheFile = (value: unknown): value is CacheFile => {
  if (typeof value !== 'object' || value === null) return false;
  const { version, checks } = value as Partial<CacheFile>;
  return (
    typeof version === 'string' &&
    typeof checks === 'object' &&
    checks !== null &&
    Object.values(checks).every(
      (entry) =>
        Array.isArray(entry) &&
        entry.length === 2 &&
        typeof entry[0] === 'string' &&
        /^[0-9a-f]{64}$/.test(entry[0]) &&
        typeof entry[1] === 'string',
    )
  );
};

/** Where the checks are kept, in Astro's cache folder (`ASTRO_CACHE_DIR`). */
export const captureChecksFile = (cacheDir: string): string => path.join(cacheDir, 'canimcp', 'capture-checks.json');

/** The kept checks made under `version`; none when the file is missing, torn, foreign or of other code. */
export const readCaptureChecks = async (file: string, version: string): Promise<Map<string, CaptureCheck>> => {
  const kept = await readJsonFile(file, isCacheFile);
  if (kept === undefined || kept.version !== version) return new Map();
  return new Map(Object.entries(kept.checks).map(([id, [sha256, client]]) => [id, { sha256, client }]));
};

/** Keeps `checks` (exactly these: a capture no longer there is not kept) as made under `version`. */
export const writeCaptureChecks = (file: string, version: string, checks: CaptureChecks): Promise<boolean> => {
  const entries: CacheFile['checks'] = {};
  for (const [id, check] of checks) entries[id] = [check.sha256, check.client];
  return writeInPieces(file, [JSON.stringify({ version, checks: entries } satisfies CacheFile)]);
};
