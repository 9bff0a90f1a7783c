import * as z from 'zod';
import { NoteFrontmatter } from './note.ts';
import { IsoDate } from './fields.ts';

/** One note in `/data/notes.json`: its frontmatter plus what the site derives from it. */
export const NoteExport = z.strictObject({
  id: z.string(),
  frontmatter: NoteFrontmatter,
  canonical: z.url(),
  lastUpdated: IsoDate,
  page: z.url(),
  twin: z.url(),
  /** Notes that list this one as related. */
  backlinks: z.array(z.string()),
  /** Notes that correct this one in part (their `corrects` names it). */
  correctedBy: z.array(z.string()),
});

/** The whole export. */
export const NotesExport = z.strictObject({
  site: z.url(),
  generated: IsoDate,
  notes: z.array(NoteExport),
});
