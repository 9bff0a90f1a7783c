/**
 * The semantic verdict diff between two commits, as `npm run verdict-diff` prints it: the cells whose
 * state, version or evidence differ, old → new. Markdown for a pull request's comment, text for a
 * terminal, JSON for scripts.
 */
import { describeChange, formatChange, type CellSnapshot, type HistoryAxis } from './verdict-history.ts';

/** One cell that differs between the two commits. */
export interface CellDiff {
  client: string;
  axis: HistoryAxis;
  column: string;
  from: CellSnapshot;
  to: CellSnapshot;
}

/** The formats the command prints. */
export const diffFormats = ['text', 'markdown', 'json'] as const;
export type DiffFormat = (typeof diffFormats)[number];

/** The marker a pull request's comment starts with, so a workflow finds and updates its own comment. */
const diffCommentMarker = '<!-- canimcp:verdict-diff -->';

// A table cell's text: a pipe would end the cell, and a backtick or backslash change what follows.
const cellText = (text: string) => text.replace(/([\\|`*_[\]<>])/g, '\\$1');

/** The diff of `base` against `head` (commit ids or names, as given) in one of the formats. */
export const formatDiff = (changes: readonly CellDiff[], range: { base: string; head: string }, format: DiffFormat): string => {
  if (format === 'json') {
    return `${JSON.stringify(
      {
        base: range.base,
        head: range.head,
        changes: changes.map((change) => ({
          client: change.client,
          [change.axis]: change.column,
          from: change.from,
          to: change.to,
          text: formatChange(change),
        })),
      },
      null,
      2,
    )}\n`;
  }
  if (format === 'text') {
    if (changes.length === 0) return `no verdict changes between ${range.base} and ${range.head}\n`;
    return changes.map((change) => `${formatChange(change)}\n`).join('');
  }
  const heading = `${diffCommentMarker}\n### Verdict changes\n\n`;
  if (changes.length === 0) return `${heading}No verdict changes between \`${range.base}\` and \`${range.head}\`.\n`;
  const rows = changes.map(
    (change) => `| ${cellText(change.client)} | ${cellText(change.column)} | ${cellText(describeChange(change))} |`,
  );
  return [
    `${heading}${changes.length} cell${changes.length === 1 ? '' : 's'} changed between \`${range.base}\` and \`${range.head}\`:`,
    '',
    '| client | revision, capability or feature | old → new |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
};
