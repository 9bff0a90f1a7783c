/**
 * Notes grouped under headings where one note may belong to several groups (a note about
 * authorization and transports): each note is listed under the first group that holds it, so a
 * page that groups a client's notes grows with its notes, not with notes times groups.
 */

/** A group with the notes it lists: those no earlier group listed, in the group's order. */
export type ListedOnce<G extends { notes: readonly { id: string }[] }> = G & {
  /** The group's notes that no earlier group holds. */
  listed: G['notes'][number][];
  /** How many of the group's notes an earlier group lists. */
  earlier: number;
};

/** Each group with the notes it lists, every note under the first group that holds it. */
export const listOnce = <G extends { notes: readonly { id: string }[] }>(groups: readonly G[]): ListedOnce<G>[] => {
  const seen = new Set<string>();
  return groups.map((group) => {
    const listed = group.notes.filter((note) => !seen.has(note.id));
    for (const note of listed) seen.add(note.id);
    return { ...group, listed, earlier: group.notes.length - listed.length };
  });
};
