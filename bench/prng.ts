/**
 * A small seeded PRNG (mulberry32) and the sampling helpers the corpus generator needs. Fixed seeds
 * make every run generate byte-identical corpora, so runs and machines are comparable.
 */

export interface Random {
  /** A float in [0, 1). */
  next: () => number;
  /** An integer in [min, max], both ends included. */
  int: (min: number, max: number) => number;
  /** One item of a non-empty list. */
  pick: <T>(items: readonly T[]) => T;
  /** `count` distinct items of a list (fewer when the list is shorter). */
  sample: <T>(items: readonly T[], count: number) => T[];
  /** True with probability `p`. */
  chance: (p: number) => boolean;
}

export const createRandom = (seed: number): Random => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new Error('pick: empty list');
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const chosen = new Set<number>();
    const want = Math.min(count, items.length);
    while (chosen.size < want) chosen.add(Math.floor(next() * items.length));
    return [...chosen].map((index) => items[index] as T);
  };
  return { next, int, pick, sample, chance: (p) => next() < p };
};

/**
 * Draws ranks 0..n-1 with a Zipf-like distribution (frequency ∝ 1/(rank+1)^s), as word frequencies
 * in real prose fall off, so the search index sees a realistic mix of common and rare terms.
 */
export const zipf = (random: Random, n: number, s = 1.05): (() => number) => {
  const cdf = new Float64Array(n);
  let total = 0;
  for (let rank = 0; rank < n; rank++) {
    total += 1 / Math.pow(rank + 1, s);
    cdf[rank] = total;
  }
  return () => {
    const target = random.next() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((cdf[mid] ?? 0) < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
};
