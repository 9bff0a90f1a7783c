/**
 * The parts of a client's `.md` twin that its page shows above its notes: its verdicts (each with
 * how it is known and since which version), the versions captured and the identities observed.
 * What a client sent goes in code spans, so no client string becomes Markdown or markup.
 */
import { codeSpan } from './capture-view.ts';
import type { ClientIdentity, ClientTimeline } from './client-captures.ts';
import type { Axis, MatrixCell } from '../matrix/matrix.ts';
import { markdownCell } from '../matrix/matrix-twin.ts';
import { captureUrl, entryUrl } from '../routes/urls.ts';

/** Client text as a code span that a table cell's pipe cannot end. */
const tableCode = (text: string) => codeSpan(text).replace(/\|/g, '\\|');

const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
const table = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');

const collections = { revision: 'revisions', capability: 'capabilities' } as const;

/** `## Support`: a table per axis of the client's verdicts, as `/matrix.md` writes a cell; unknown ones named below. */
export const clientSupportMarkdown = (
  rows: Record<Axis, readonly MatrixCell[]>,
  columnLabel: (axis: Axis, id: string) => string,
): string => {
  const parts = ['## Support'];
  for (const [axis, heading] of [
    ['revision', 'Revision'],
    ['capability', 'Capability'],
  ] as const) {
    const known = rows[axis].filter((cell) => cell.state !== 'unknown');
    const unknown = rows[axis].filter((cell) => cell.state === 'unknown');
    const link = (cell: MatrixCell) => `[${columnLabel(axis, cell.column)}](${entryUrl(collections[axis], cell.column, 'twin')})`;
    if (known.length > 0)
      parts.push(
        table(
          [heading, 'Verdict'],
          known.map((cell) => [link(cell), markdownCell(cell)]),
        ),
      );
    if (unknown.length > 0)
      parts.push(
        `Unknown ${axis === 'revision' ? 'revisions' : 'capabilities'} (no verdict yet, which is not no): ${unknown.map(link).join(', ')}.`,
      );
  }
  return parts.join('\n\n');
};

/** `## Versions captured` and `## Identities observed`, from the client's captures; a line each where there are none. */
export const clientCapturesMarkdown = (
  name: string,
  timeline: Pick<ClientTimeline, 'capabilities' | 'versions'> & { older?: { versions: number; captures: number } },
  identities: readonly ClientIdentity[],
): string => {
  if (timeline.versions.length === 0)
    return `## Versions captured\n\nNo wire capture of ${name} yet.\n\n## Identities observed\n\nNone observed yet.`;
  const versions = table(
    ['Version', 'Captures', 'Offered', ...timeline.capabilities.map(tableCode), 'Captured'],
    timeline.versions.map((group) => [
      tableCode(group.version),
      group.rows
        .map(
          (item) =>
            `[${tableCode(item.persona)}](${captureUrl(item.id, 'twin')})${item.scenario === undefined ? '' : ` · scenario ${tableCode(item.scenario)}`} · ${item.command === undefined ? '' : `${tableCode(item.command)} `}(${item.path}, ${item.transport}): ${item.showed}`,
        )
        .join('; '),
      group.offered.length === 0 ? 'none seen' : group.offered.map(tableCode).join(', '),
      ...timeline.capabilities.map((capability) => {
        const some = group.declaredIn[capability];
        if (some !== undefined) return `declared in ${some}`;
        const declared = group.declared[capability];
        if (declared === undefined) return group.declaredAny ? 'not declared' : 'no declaration seen';
        return declared === '' ? 'declared' : `declared: ${tableCode(declared)}`;
      }),
      group.lastCaptured.slice(0, 10),
    ]),
  );
  const named = table(
    ['clientInfo.name', 'title', 'version', 'User-Agent', 'Face, transport', 'Captures'],
    identities.map((identity) => [
      identity.name === undefined ? 'none sent' : tableCode(identity.name),
      identity.title === undefined ? 'none' : tableCode(identity.title),
      identity.version === undefined ? 'none' : tableCode(identity.version),
      identity.userAgent === undefined ? 'none' : tableCode(identity.userAgent),
      `${identity.path}, ${identity.transport}`,
      identity.captures.map((capture) => `[${tableCode(capture.version)}](${captureUrl(capture.id, 'twin')})`).join(', '),
    ]),
  );
  return `## Versions captured\n\nOne row per version, newest first; each capture of it links its twin, with its persona, face and what it showed.\n\n${versions}\n\n## Identities observed\n\n${named}`;
};
