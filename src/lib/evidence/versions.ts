/**
 * Comparing client versions as releases are numbered: semver where it is semver (`2.1.332`,
 * `0.56.0-nightly.20260806`, `v1.2`), and for anything else the runs of digits in order
 * (`1.2 (build 45)`), so a version written oddly still compares with its neighbours.
 */

interface Parsed {
  core: number[];
  pre: string[];
}

const SEMVERISH = /^v?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

const parse = (version: string): Parsed | undefined => {
  const text = version.trim();
  const match = SEMVERISH.exec(text);
  if (match) return { core: (match[1] as string).split('.').map(Number), pre: match[2] === undefined ? [] : match[2].split('.') };
  const digits = text.match(/\d+/g);
  return digits === null ? undefined : { core: digits.map(Number), pre: [] };
};

const compareCore = (a: number[], b: number[]): number => {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    // `0.210` is `0.210.0`: missing parts count as zero.
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
};

const comparePre = (a: string[], b: string[]): number => {
  // A release ranks above its own pre-releases (semver §11).
  if (a.length === 0 || b.length === 0) return Math.sign(b.length - a.length);
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const x = a[index];
    const y = b[index];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    const difference = numeric
      ? Math.sign(Number(x) - Number(y))
      : /^\d+$/.test(x)
        ? -1
        : /^\d+$/.test(y)
          ? 1
          : x < y
            ? -1
            : x > y
              ? 1
              : 0;
    if (difference !== 0) return difference;
  }
  return 0;
};

/** -1, 0 or 1 as `a` is older than, the same as, or newer than `b`; undefined where either has no number in it. */
export const compareVersions = (a: string, b: string): -1 | 0 | 1 | undefined => {
  const x = parse(a);
  const y = parse(b);
  if (x === undefined || y === undefined) return undefined;
  return (compareCore(x.core, y.core) || comparePre(x.pre, y.pre)) as -1 | 0 | 1;
};

/** Whether `version` is older than `newest`; false where the two cannot be compared. */
export const isOlder = (version: string, newest: string): boolean => compareVersions(version, newest) === -1;
