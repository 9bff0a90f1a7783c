/**
 * The faces a client's runs were captured in, each said once. A run made in another face than its
 * cell's names it (`in claude -p … --output-format stream-json --verbose (cli, stdio)`), and a client
 * page lists dozens of such runs in three or four faces; the page keys each face by a letter in a
 * legend, and each run names its letter.
 */

/** Something with runs that may name their face. */
interface Faced {
  ranges: readonly { face?: string | undefined }[];
}

/** The key of the `index`th face: A … Z, then AA, AB, … */
const keyAt = (index: number): string =>
  (index >= 26 ? keyAt(Math.floor(index / 26) - 1) : '') + String.fromCharCode(65 + (index % 26));

/** Each face the runs name, keyed `setting A`, `setting B`, … in the order the runs first name them. */
export const faceKeys = (cells: readonly Faced[]): Map<string, string> => {
  const keys = new Map<string, string>();
  for (const cell of cells)
    for (const range of cell.ranges)
      if (range.face !== undefined && !keys.has(range.face)) keys.set(range.face, `setting ${keyAt(keys.size)}`);
  return keys;
};

/** The cell with each run's face replaced by its key. */
export const keyFaces = <C extends Faced>(cell: C, keys: ReadonlyMap<string, string>): C => ({
  ...cell,
  ranges: cell.ranges.map((range) => (range.face === undefined ? range : { ...range, face: keys.get(range.face) ?? range.face })),
});
