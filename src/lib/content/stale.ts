import type { Note } from '../../schema/index.ts';
import type { Entry } from './entries.ts';

/** Days after which a note's verification is flagged as possibly stale. */
export const STALE_AFTER_DAYS = 180;

/** Whole days from `from` to `to`, both `YYYY-MM-DD`. */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Whether a note's last verification is older than the limit. */
export const isStale = (lastVerified: string, today: string, limit = STALE_AFTER_DAYS): boolean =>
  daysBetween(lastVerified, today) > limit;

/** Notes last verified more than `days` ago, oldest first. */
export const staleNotes = (notes: readonly Entry<Note>[], days: number, today: string) =>
  notes
    .filter((note) => isStale(note.data.lastVerified, today, days))
    .map((note) => ({
      id: note.id,
      file: note.file,
      lastVerified: note.data.lastVerified,
      days: daysBetween(note.data.lastVerified, today),
      clients: note.data.clients,
    }))
    .sort((a, b) => a.lastVerified.localeCompare(b.lastVerified) || a.id.localeCompare(b.id));
