import { linkText } from '../markdown/md-escape.ts';
import { absoluteUrl, noteUrl } from '../routes/urls.ts';
import { correctionMark, type Correction } from './corrections.ts';
import type { NoteListItem } from './twin.ts';

/** One link in an llms.txt section. */
export interface LlmsLink {
  title: string;
  url: string;
  description?: string;
  /** The notes that correct this one in part: its description leads with them. */
  correctedBy?: readonly Correction[];
}

/**
 * An llms.txt file (llmstxt.org): an H1, a blockquote summary, optional prose, then H2 sections
 * of Markdown links, each with an optional one-line description. With `origin`, links given as paths
 * are made absolute on it, as llms.txt readers fetch the file alone, with no base URL; the
 * site's own `.md` twins in the same shape keep root-relative links, as every twin does.
 */
export const llmsTxt = (file: {
  origin?: string;
  title: string;
  summary: string;
  details?: string;
  sections: { heading: string; links: readonly LlmsLink[] }[];
}): string => {
  const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
  const url = (path: string) => (file.origin !== undefined && path.startsWith('/') ? absoluteUrl(file.origin, path) : path);
  const blocks = [`# ${file.title}`, `> ${oneLine(file.summary)}`];
  if (file.details) blocks.push(file.details.trim());
  for (const section of file.sections) {
    if (section.links.length === 0) continue;
    const links = section.links.map((link) => {
      const description = [correctionMark(link.correctedBy ?? [], url), link.description ?? ''].filter(Boolean).join(' ');
      return `- [${linkText(link.title)}](${url(link.url)})${description ? `: ${oneLine(description)}` : ''}`;
    });
    blocks.push(`## ${section.heading}\n\n${links.join('\n')}`);
  }
  return `${blocks.join('\n\n')}\n`;
};

/** Notes as llms.txt links to their twins, each described by its summary, a corrected one by its corrections first. */
export const noteLinks = (notes: readonly NoteListItem[]): LlmsLink[] =>
  notes.map((note) => ({
    title: note.data.title,
    url: noteUrl(note.id, 'twin'),
    description: note.data.summary,
    ...(note.correctedBy === undefined || note.correctedBy.length === 0 ? {} : { correctedBy: note.correctedBy }),
  }));
