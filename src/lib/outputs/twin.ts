import { isCaptureSource, type Note, type Source } from '../../schema/index.ts';
import { driftTwinLine, type NoteDrift } from './drift-marks.ts';
import { linkText } from '../markdown/md-escape.ts';
import { captureUrl, clientUrl, noteUrl } from '../routes/urls.ts';
import { correctionMark, type Correction } from './corrections.ts';

/** What a note's twin is made of: the author's bytes plus the two derived fields. */
export interface NoteTwinInput {
  id: string;
  data: Note;
  frontmatterBlock: string;
  body: string;
  canonical: string;
  lastUpdated: string;
  /** Sources the drift report found changed upstream; a line after the meta line says so. */
  drift?: NoteDrift | undefined;
}

/** A note as a list item in another entry's twin or an llms.txt. */
export interface NoteListItem {
  id: string;
  data: Pick<Note, 'title' | 'summary'>;
  /** The notes that correct it in part (FORMAT.md: its entries in lists say so and link them). */
  correctedBy?: readonly Correction[];
}

/** A note's line in a twin's list of notes: a corrected one says so before its summary. */
const noteItem = (note: NoteListItem): string =>
  `- [${linkText(note.data.title)}](${noteUrl(note.id, 'twin')}) — ${[correctionMark(note.correctedBy ?? []), note.data.summary].filter(Boolean).join(' ')}`;

/**
 * The frontmatter as the author wrote it, with `canonical` and `last-updated` appended where the
 * author did not write them. Never re-serialized: YAML libraries change quoting and dates.
 */
const twinFrontmatter = (block: string, derived: Record<string, string>, written: object): string => {
  const lines = Object.entries(derived)
    .filter(([key]) => !(key in written))
    .map(([key, value]) => `${key}: ${value}\n`)
    .join('');
  const closing = block.replace(/\r?\n$/, '').lastIndexOf('\n') + 1;
  const head = block.slice(0, closing);
  const tail = block.slice(closing).replace(/\r?\n?$/, '\n');
  return `${head}${lines}${tail}`;
};

/** One source as a twin lists it (FORMAT.md): a web source with its commit and path, a capture with its id and SHA-256. */
const sourceItem = (source: Source): string => {
  if (isCaptureSource(source)) {
    const link = `[${linkText(source.title)}](${captureUrl(source.capture, 'twin')})`;
    return `- ${link}, capture \`${source.capture}\`, sha256 \`${source.sha256}\`, ${source.date}`;
  }
  const parts = [`[${linkText(source.title)}](${source.url})`];
  if (source.commit !== undefined) parts.push(`commit \`${source.commit}\``);
  if (source.path !== undefined) parts.push(`\`${source.path}\``);
  parts.push(source.date);
  return `- ${parts.join(', ')}`;
};

const trimBlankLines = (text: string) => text.replace(/^(?:[ \t]*\r?\n)+/, '').replace(/\s+$/, '');

/** A research note's `.md` twin, exactly as FORMAT.md lays it out. */
export const noteTwin = (note: NoteTwinInput): string => {
  const { data } = note;
  const meta = [
    `Kind: ${data.kind}`,
    `Status: ${data.status}`,
    `Last verified: ${data.lastVerified}`,
    `Clients: ${data.clients.map((id) => `[${id}](${clientUrl(id, 'twin')})`).join(', ')}`,
    `Revisions: ${data.specVersions.map((id) => `\`${id}\``).join(', ')}`,
  ].join(' · ');
  const sources = data.sources.map(sourceItem);
  const blocks = [
    twinFrontmatter(note.frontmatterBlock, { canonical: note.canonical, 'last-updated': note.lastUpdated }, data).trimEnd(),
    `# ${data.title}`,
    meta,
  ];
  if (note.drift !== undefined) blocks.push(driftTwinLine(note.drift));
  const body = trimBlankLines(note.body);
  if (body !== '') blocks.push(body);
  blocks.push(`## Sources\n\n${sources.join('\n')}`);
  const related = data.related ?? [];
  if (related.length > 0) {
    blocks.push(`## Related notes\n\n${related.map((id) => `- [${id}](${noteUrl(id, 'twin')})`).join('\n')}`);
  }
  return `${blocks.join('\n\n')}\n`;
};

/** A client's, revision's or capability's twin: its frontmatter, heading, body, and its notes. */
export const entryTwin = (entry: {
  frontmatterBlock: string;
  heading: string;
  body: string;
  notes: readonly NoteListItem[];
  /** Sections (each from its own `##` heading) between the body and the notes. */
  sections?: readonly string[];
}): string => {
  const blocks = [entry.frontmatterBlock.trimEnd(), `# ${entry.heading}`];
  const body = trimBlankLines(entry.body);
  if (body !== '') blocks.push(body);
  blocks.push(...(entry.sections ?? []));
  blocks.push(entry.notes.length === 0 ? '## Notes\n\nNo notes yet.' : `## Notes\n\n${entry.notes.map(noteItem).join('\n')}`);
  return `${blocks.join('\n\n')}\n`;
};
