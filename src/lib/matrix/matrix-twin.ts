import { cellStates } from '../../schema/index.ts';
import { formatTally, stateMeanings, stateSymbols, type Axis, type Matrix, type MatrixCell } from '../cells/matrix.ts';
import { cellVersionLabel, evidenceKinds, evidenceMeanings, versionMeanings } from '../cells/cell-view.ts';
import { besideLabel, evidenceMarks, evidenceNames } from '../cells/evidence-words.ts';
import { freshnessMeaning, freshnessWords } from '../cells/freshness.ts';
import { clientUrl, entryUrl, noteUrl } from '../routes/urls.ts';

/** What the Markdown tables need besides the matrices: how to name clients and columns. */
export interface MatrixLabels {
  clientName: (id: string) => string;
  columnLabel: (axis: Axis, id: string) => string;
}

/** Text inside a table cell: a pipe would end the cell, a bracket could end a link. */
const cellText = (text: string) => text.replace(/\s+/g, ' ').replace(/([|[\]\\])/g, '\\$1');

const columnCollection = { revision: 'revisions', capability: 'capabilities' } as const;

/**
 * A cell as Markdown: `◐ partial · ● observed · since 0.3.1 · version 0.210 · <caveat> · [note](/research/note.md)`,
 * with `newer release 0.220 (checked 2026-12-01)` after the version where the drift report found one,
 * then how current its captures are (`current (0.3.10 is the newest release)`, `2 releases behind
 * 0.4.1 (30 days)`) where captures decide it and a release list dates them, and each verdict beside it last (`also ◇ documented: yes (disagrees) [note](…)`).
 */
export const markdownCell = (cell: MatrixCell): string => {
  const parts = [`${stateSymbols[cell.state]} ${cell.state}`];
  if (cell.evidence !== undefined) parts.push(`${evidenceMarks[cell.evidence]} ${evidenceNames[cell.evidence]}`);
  const versions = cellVersionLabel(cell);
  if (versions !== undefined && (cell.ranges !== undefined || cell.since !== undefined)) parts.push(cellText(versions));
  if (cell.rangesFace !== undefined) parts.push(`captured in ${cellText(cell.rangesFace)}`);
  if (cell.version !== undefined) parts.push(`version ${cellText(cell.version)}`);
  if (cell.newerRelease !== undefined) {
    parts.push(`newer release ${cellText(cell.newerRelease.newest)} (checked ${cell.newerRelease.checked})`);
  }
  if (cell.freshness !== undefined) parts.push(cellText(freshnessWords(cell.freshness)));
  if (cell.caveat !== undefined) parts.push(cellText(cell.caveat));
  if (cell.notes.length > 0) parts.push(cell.notes.map((id) => `[${id}](${noteUrl(id, 'twin')})`).join(', '));
  for (const beside of cell.also ?? [])
    parts.push(
      `also ${cellText(besideLabel(beside, cell.state, evidenceNames))} ${beside.notes.map((id) => `[${id}](${noteUrl(id, 'twin')})`).join(', ')}`,
    );
  return parts.join(' · ');
};

const table = (matrix: Matrix, labels: MatrixLabels): string => {
  const header = [
    'Client',
    ...matrix.columns.map(
      (column) =>
        `[${cellText(labels.columnLabel(matrix.axis, column.id))}](${entryUrl(columnCollection[matrix.axis], column.id, 'twin')})`,
    ),
  ];
  const rows = matrix.rows.map((row) => [
    `[${cellText(labels.clientName(row.client))}](${clientUrl(row.client, 'twin')})`,
    ...row.cells.map(markdownCell),
  ]);
  const tally = ['**Tally**', ...matrix.columns.map((column) => formatTally(column.tally))];
  return [header, header.map(() => '---'), ...rows, tally].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
};

/** `/matrix.md`: both matrices as Markdown tables, every cell's notes linked as twins. */
export const matrixMarkdown = (matrices: Record<Axis, Matrix>, labels: MatrixLabels): string => {
  const legend = [
    ...cellStates.map((state) => `- ${stateSymbols[state]} \`${state}\`: ${stateMeanings[state]}`),
    ...evidenceKinds.map((kind) => `- ${evidenceMarks[kind]} \`${kind}\`: ${evidenceMeanings[kind]}`),
    '- `also`: a verdict of another kind for the same cell, or one under a client setting, shown beside the one that decides it; `(disagrees)` where its state differs',
    `- \`since at least X (oldest captured)\`: ${versionMeanings.sinceAtLeast}`,
    `- \`X: yes · Y–Z: no\`: ${versionMeanings.runs}`,
    `- \`since\`: ${versionMeanings.since}`,
    `- \`version\`: ${versionMeanings.version}`,
    `- \`current\`, \`N releases behind X (D days)\`: ${freshnessMeaning}`,
  ].join('\n');
  return `${[
    '# Support matrix',
    "> Does this MCP client support that revision or capability? Each cell is a verdict written in the client's file and backed by research notes, or unknown where none is written yet.",
    legend,
    `## Clients × revisions\n\n${table(matrices.revision, labels)}`,
    `## Clients × capabilities\n\n${table(matrices.capability, labels)}`,
  ].join('\n\n')}\n`;
};
