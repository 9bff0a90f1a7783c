import { linkText } from '../markdown/md-escape.ts';
import { noteUrl } from '../routes/urls.ts';

/** A note that corrects another in part, as a list of notes names it. */
export interface Correction {
  id: string;
  title: string;
}

const joined = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1) ?? ''}`;

/**
 * What a corrected note's entry in a Markdown list (llms.txt, a listing or entry twin) leads with:
 * "Corrected in part by [A](…) and [B](…)." linking each correcting note's twin, so an agent that
 * reads only the list learns of the correction before the summary that it qualifies. `url` turns a
 * twin's path into the link (absolute in an llms.txt). Empty where nothing corrects the note.
 */
export const correctionMark = (by: readonly Correction[], url: (path: string) => string = (path) => path): string =>
  by.length === 0
    ? ''
    : `Corrected in part by ${joined(by.map((note) => `[${linkText(note.title)}](${url(noteUrl(note.id, 'twin'))})`))}.`;
