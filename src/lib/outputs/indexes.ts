import { noteKinds, type Note, type NoteKind } from '../../schema/index.ts';

/** The least a note needs for grouping and ordering. */
export interface Indexed {
  id: string;
  data: Note;
  lastUpdated: string;
}

/** Newest `last-updated` first; ties by title, so the order is stable. */
export const newestFirst = <T extends Indexed>(notes: readonly T[]): T[] =>
  [...notes].sort((a, b) => b.lastUpdated.localeCompare(a.lastUpdated) || a.data.title.localeCompare(b.data.title));

/**
 * Related notes both ways: the ones a note lists, then the ones that list it. A reader on either
 * note sees the other, whichever author wrote the link.
 */
export const relatedBothWays = <T extends Indexed>(notes: readonly T[]): Map<string, T[]> => {
  const byId = new Map(notes.map((note) => [note.id, note]));
  const related = new Map<string, T[]>(notes.map((note) => [note.id, []]));
  const add = (from: string, to: string) => {
    const list = related.get(from);
    const target = byId.get(to);
    if (list && target && !list.includes(target) && from !== to) list.push(target);
  };
  for (const note of notes) for (const id of note.data.related ?? []) add(note.id, id);
  for (const note of notes) for (const id of note.data.related ?? []) add(id, note.id);
  return related;
};

/** Notes grouped by the ids they name in one field, each group newest first. */
export const notesBy = <T extends Indexed>(
  notes: readonly T[],
  field: 'clients' | 'specVersions' | 'capabilities' | 'features',
): Map<string, T[]> => {
  const groups = new Map<string, T[]>();
  for (const note of newestFirst(notes)) {
    for (const id of note.data[field] ?? []) {
      const group = groups.get(id);
      if (group) group.push(note);
      else groups.set(id, [note]);
    }
  }
  return groups;
};

/** For each note, the notes that list it as related (not the ones it lists itself). */
export const backlinks = <T extends Indexed>(notes: readonly T[]): Map<string, string[]> => {
  const links = new Map<string, string[]>(notes.map((note) => [note.id, []]));
  for (const note of notes) for (const id of note.data.related ?? []) links.get(id)?.push(note.id);
  return links;
};

/**
 * For each note, the notes that correct it in part (their `corrects` names it), in the given order.
 * Unknown ids and a note naming itself are left out.
 */
export const correctedBy = (notes: readonly { id: string; data: Pick<Note, 'corrects'> }[]): Map<string, string[]> => {
  const links = new Map<string, string[]>(notes.map((note) => [note.id, []]));
  for (const note of notes) {
    for (const id of note.data.corrects ?? []) {
      const list = id === note.id ? undefined : links.get(id);
      if (list && !list.includes(note.id)) list.push(note.id);
    }
  }
  return links;
};

/** How many notes there are of each kind, in the canonical kind order. */
export const countByKind = (notes: readonly Indexed[]): Record<NoteKind, number> => {
  const counts = Object.fromEntries(noteKinds.map((kind) => [kind, 0])) as Record<NoteKind, number>;
  for (const note of notes) counts[note.data.kind] += 1;
  return counts;
};
