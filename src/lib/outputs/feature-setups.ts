/**
 * A client's feature verdicts grouped by the setup their caveats open with. Verdicts captured in one
 * run (a sign-in, then a session) each open their caveat with the same clause, "Signed in with … ,
 * against the lab's authorization server: …"; a client page says that clause once above the
 * features it covers, and each feature only what it found.
 */

/** The clause a caveat opens with, up to its first `: `, where that falls outside a code span; else undefined. */
export const openingClause = (caveat: string): string | undefined => {
  const end = caveat.indexOf(': ');
  if (end <= 0) return undefined;
  const clause = caveat.slice(0, end);
  return (clause.match(/`/g) ?? []).length % 2 === 0 ? clause : undefined;
};

/** A feature with what its caveat says past the group's setup (all of it outside a group). */
export interface SetupItem<C> {
  cell: C;
  caveat?: string;
}

/** Consecutive features whose caveats open with the same clause (`setup`), or one feature alone. */
export interface SetupGroup<C> {
  setup?: string;
  /** The versions label every feature of the group shares, said once with the setup. */
  label?: string;
  items: SetupItem<C>[];
}

/**
 * Features in their order, consecutive ones whose caveats open with the same clause grouped under it
 * (at least `minimum` of them); each grouped feature keeps the rest of its caveat. Where every
 * feature of a group has the same versions label, the group carries it.
 */
export const setupGroups = <C extends { caveat?: string }>(
  cells: readonly C[],
  label: (cell: C) => string,
  minimum = 2,
): SetupGroup<C>[] => {
  const groups: SetupGroup<C>[] = [];
  let index = 0;
  while (index < cells.length) {
    const first = cells[index] as C;
    const setup = first.caveat === undefined ? undefined : openingClause(first.caveat);
    let end = index + 1;
    while (setup !== undefined && end < cells.length) {
      const caveat = (cells[end] as C).caveat;
      if (caveat === undefined || openingClause(caveat) !== setup) break;
      end += 1;
    }
    const run = cells.slice(index, end);
    if (setup !== undefined && run.length >= minimum) {
      const labels = new Set(run.map(label));
      const [shared] = labels;
      groups.push({
        setup,
        ...(labels.size === 1 && shared !== undefined && shared !== '' ? { label: shared } : {}),
        items: run.map((cell) => ({ cell, caveat: (cell.caveat ?? '').slice(setup.length + 2) })),
      });
    } else {
      for (const cell of run) groups.push({ items: [{ cell, ...(cell.caveat === undefined ? {} : { caveat: cell.caveat }) }] });
    }
    index = end;
  }
  return groups;
};
