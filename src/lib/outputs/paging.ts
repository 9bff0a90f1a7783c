/**
 * Static pagination of a list that grows with the corpus: `/research` is page 1, then
 * `/research/page/2`, … Each page holds a bounded number of items, so no page grows with the corpus,
 * and every item stays reachable through plain links.
 */

/** Notes per list page: a page stays well under 150 KB whatever the corpus size. */
export const PAGE_SIZE = 50;

/** How many pages a list of `total` items needs (at least one, even when empty). */
export const pageCount = (total: number, size = PAGE_SIZE): number => Math.max(1, Math.ceil(total / size));

/** The items on page `page` (1-based). */
export const pageItems = <T>(items: readonly T[], page: number, size = PAGE_SIZE): T[] =>
  items.slice((page - 1) * size, page * size);

/** The URL of page `page` of the list at `base`: page 1 is the list itself. */
export const pageUrl = (base: string, page: number): string => (page <= 1 ? base : `${base}/page/${page}`);

/**
 * The page numbers a pager shows around the current page: the first, the last, and `around` on each
 * side of the current one, with `undefined` where numbers are left out (shown as an ellipsis).
 */
export const pageWindow = (current: number, count: number, around = 2): (number | undefined)[] => {
  const shown: (number | undefined)[] = [];
  for (let page = 1; page <= count; page++) {
    if (page === 1 || page === count || Math.abs(page - current) <= around) shown.push(page);
    else if (shown.at(-1) !== undefined) shown.push(undefined);
  }
  return shown;
};
