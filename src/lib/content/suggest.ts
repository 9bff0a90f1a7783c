/** Levenshtein distance, for "did you mean" hints. */
export const editDistance = (a: string, b: string): number => {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
};

/**
 * The known name closest to what was written, if it is close enough to be the likely intent:
 * a small edit away, or the written name is a part of it (`hermes` for `hermes-agent`).
 */
export const closest = (written: string, known: Iterable<string>): string | undefined => {
  const lower = written.toLowerCase();
  let best: { name: string; score: number } | undefined;
  for (const name of known) {
    const candidate = name.toLowerCase();
    const distance = editDistance(lower, candidate);
    const contains = lower.length >= 3 && (candidate.includes(lower) || lower.includes(candidate));
    // A quarter of the name: at a third, one YYYY-MM-DD revision "matched" an unrelated one three digits away.
    const limit = Math.max(2, Math.floor(candidate.length / 4));
    if (distance > limit && !contains) continue;
    const score = contains ? Math.min(distance, 1.5) : distance;
    if (best === undefined || score < best.score) best = { name, score };
  }
  return best?.name;
};

/** ` (did you mean "x"?)`, or nothing when no known name is close. */
export const didYouMean = (written: string, known: Iterable<string>): string => {
  const match = closest(written, known);
  return match === undefined ? '' : ` (did you mean ${JSON.stringify(match)}?)`;
};
