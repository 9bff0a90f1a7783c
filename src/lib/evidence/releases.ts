/**
 * A client's releases as the lab counts them between captured versions, from its published
 * versions (content/releases/<client>.json): the versions that are numbers alone (a platform build
 * such as `0.101.0-linux-x64`, a nightly or a release candidate is not a release of its own), in
 * release order.
 */
import { compareVersions } from './versions.ts';

/** Versions in release order; a version that cannot be compared keeps its place after those that can. */
const byVersion = (a: string, b: string): number => compareVersions(a, b) ?? (a < b ? -1 : a > b ? 1 : 0);

/**
 * Whether a published version counts as a release: numbers and dots alone (a Go tag's leading `v`
 * allowed), so a pre-release, a platform build or a nightly in any registry's spelling is not one
 * (`0.101.0-linux-x64`, `0.45.0-nightly.20260529`, `0.3.6rc1`).
 */
export const isRelease = (version: string): boolean => /^v?\d+(\.\d+)*$/.test(version);

/**
 * The releases among the published versions, oldest first, each once; `captured` versions count
 * whatever their form, since a capture was made with them.
 */
export const releasesOf = (published: readonly string[], captured: Iterable<string> = []): string[] => {
  const kept = new Set(captured);
  return [...new Set(published)].filter((version) => isRelease(version) || kept.has(version)).sort(byVersion);
};

/** Whether `releases` holds a version (`0.210` and `0.210.0` are one). */
export const listsRelease = (releases: readonly string[], version: string): boolean =>
  releases.some((release) => compareVersions(release, version) === 0);

/** The releases from `low` to `high`, both included (`inclusive`) or neither, oldest first. */
export const releasesWithin = (releases: readonly string[], low: string, high: string, inclusive: boolean): string[] =>
  releases.filter((version) => {
    const after = byVersion(version, low);
    const before = byVersion(version, high);
    return inclusive ? after >= 0 && before <= 0 : after > 0 && before < 0;
  });
