/** The fewest and most clients /matrix compares side by side. */
export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

/** The client ids named in `?compare=a,b`: known ones only, each once, in the order given, at most four. */
export const parseCompare = (search: string, known: readonly string[]): string[] => {
  const named = (new URLSearchParams(search).get('compare') ?? '').split(',').map((id) => id.trim());
  return [...new Set(named)].filter((id) => known.includes(id)).slice(0, COMPARE_MAX);
};

/** What the compare form says while nothing is compared: the page renders it, and the script says it again. */
export const compareHint = (clients: number, picked = 0): string =>
  `Pick ${picked === 0 ? 'two' : 'one more'} to compare; all ${clients} clients are shown.`;
