/**
 * `task` over every item, at most `limit` at a time, results in the items' order. Reading or writing
 * tens of thousands of files at once exhausts the process's file descriptors (EMFILE).
 */
export const mapLimited = async <T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> => {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
};

/** How many files the build and check open at once. */
export const OPEN_FILES = 64;
