import { linkText } from '../markdown/md-escape.ts';
import { absoluteUrl, noteUrl } from '../routes/urls.ts';

/** One link in an llms.txt section. */
export interface LlmsLink {
  title: string;
  url: string;
  description?: string;
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
  const blocks = [`# ${file.title}`, `> ${oneLine(file.summary)}`];
  if (file.details) blocks.push(file.details.trim());
  for (const section of file.sections) {
    if (section.links.length === 0) continue;
    const links = section.links.map(
      (link) =>
        `- [${linkText(link.title)}](${file.origin !== undefined && link.url.startsWith('/') ? absoluteUrl(file.origin, link.url) : link.url})${link.description ? `: ${oneLine(link.description)}` : ''}`,
    );
    blocks.push(`## ${section.heading}\n\n${links.join('\n')}`);
  }
  return `${blocks.join('\n\n')}\n`;
};

/** Notes as llms.txt links to their twins, each described by its summary. */
export const noteLinks = (notes: readonly { id: string; data: { title: string; summary: string } }[]): LlmsLink[] =>
  notes.map((note) => ({ title: note.data.title, url: noteUrl(note.id, 'twin'), description: note.data.summary }));
