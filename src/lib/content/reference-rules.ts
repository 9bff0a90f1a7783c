import type { CollectionName } from '../../schema/index.ts';
import { collectionSchemas } from '../../schema/index.ts';
import type { KnownIds } from './entries.ts';
import type { Report } from './file-rules.ts';
import { didYouMean } from './suggest.ts';
import { canonicalNoteUrl } from '../routes/urls.ts';

/** A note's fields that name other entries, and the folder each one names. */
const references: [field: string, target: CollectionName][] = [
  ['clients', 'clients'],
  ['specVersions', 'revisions'],
  ['capabilities', 'capabilities'],
  ['features', 'features'],
  ['related', 'research'],
  ['corrects', 'research'],
];

/** The note fields that may not name the note itself, and what to say where one does. */
const notItself: Record<string, string> = {
  related: 'a note cannot be related to itself',
  corrects: 'a note cannot correct itself',
};

/** The string items of a list field, with their places; other values are the schema's to report. */
const stringsAt = (data: Record<string, unknown>, key: string): [string, number][] => {
  const value = data[key];
  return Array.isArray(value)
    ? value.flatMap((item, index): [string, number][] => (typeof item === 'string' ? [[item, index]] : []))
    : [];
};

/**
 * A note's rules that need other files: its `id` field agrees with its file name, every id it
 * names exists (with "did you mean"), it neither relates to, corrects nor supersedes itself, and a written
 * `canonical` is the derived one.
 */
export const noteReferenceProblems = (
  id: string,
  data: Record<string, unknown>,
  ids: KnownIds,
  origin: string,
  report: Report,
) => {
  if (typeof data['id'] === 'string' && data['id'] !== id) {
    report(['id'], `must equal the file name, ${JSON.stringify(id)}, got ${JSON.stringify(data['id'])}`);
  }
  for (const [field, target] of references) {
    for (const [value, index] of stringsAt(data, field)) {
      const itself = notItself[field];
      if (value === id && itself !== undefined) report([field, index], itself);
      else if (!ids[target].has(value)) {
        report(
          [field, index],
          `unknown ${collectionSchemas[target].noun} ${JSON.stringify(value)}${didYouMean(value, ids[target])}`,
        );
      }
    }
  }
  const successor = data['supersededBy'];
  if (typeof successor === 'string') {
    if (successor === id) report(['supersededBy'], 'a note cannot supersede itself');
    else if (!ids.research.has(successor)) {
      report(['supersededBy'], `unknown note ${JSON.stringify(successor)}${didYouMean(successor, ids.research)}`);
    }
  }
  const canonical = data['canonical'];
  const derived = canonicalNoteUrl(origin, id);
  if (typeof canonical === 'string' && canonical !== derived) {
    report(['canonical'], `must equal the derived URL ${derived} (or be left out), got ${JSON.stringify(canonical)}`);
  }
};
