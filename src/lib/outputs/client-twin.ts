/**
 * The parts of a client's `.md` twin that its page shows above its notes: its verdicts (each with
 * how it is known and since which version), the versions captured and the identities observed.
 * What a client sent goes in code spans, so no client string becomes Markdown or markup.
 */
import { codeSpan } from './capture-view.ts';
import type { ClientIdentity, SpanRun, TimelineRow, RunGroup, VersionTable, versionSpans } from './client-captures.ts';
import { llmsTxt } from './llms.ts';
import type { Axis, MatrixCell } from '../cells/matrix.ts';
import { markdownCell } from '../matrix/matrix-twin.ts';
import { captureUrl, clientCapturesUrl, clientUrl, clientVersionsUrl, entryUrl } from '../routes/urls.ts';

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

/** A version's runs (handshakes by persona, or scenarios) as one cell: each with what it showed, linking the newest capture's twin. */
const runsCell = (runs: readonly RunGroup[]): string =>
  runs.length === 0
    ? 'none'
    : runs
        .map(
          (run) =>
            `${tableCode(run.scenario ?? run.persona)}${run.scenario !== undefined && run.persona !== 'observe' ? ` (${tableCode(run.persona)})` : ''}: ${run.outcomes
              .map(
                (outcome) =>
                  `[${outcome.showed}](${captureUrl(outcome.newest, 'twin')})${outcome.count > 1 ? ` ×${outcome.count}` : ''}`,
              )
              .join('; ')}`,
        )
        .join(' · ');

/** Every version one a row, as the versions page's table: faces, each persona's and scenario's outcomes (linked), offered, declared. */
const versionRowsMarkdown = (timeline: VersionTable): string => {
  const versions = table(
    ['Version', 'Captures', 'Faces', 'Handshakes', 'Scenarios', 'Offered', ...timeline.capabilities.map(tableCode), 'Captured'],
    timeline.versions.map((group) => [
      tableCode(group.version),
      String(group.captures),
      group.faces.map((face) => `${face.path}, ${face.transport}${group.faces.length > 1 ? ` ×${face.count}` : ''}`).join('; '),
      runsCell(group.personas),
      runsCell(group.scenarios),
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
  const older =
    timeline.older.versions > 0
      ? `\n\n${timeline.older.versions} older versions (${timeline.older.captures} captures) are left out here.`
      : '';
  return `${versions}${older}`;
};

/** The identities a client presented, one a row, each naming the captures that show it. */
const identitiesMarkdown = (identities: readonly ClientIdentity[]): string =>
  table(
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

/** A span's runs as one cell: each persona or scenario with what it showed. */
const spanRunsCell = (runs: readonly SpanRun[]): string =>
  runs.length === 0
    ? 'none'
    : runs
        .map(
          (run) =>
            `${tableCode(run.scenario ?? run.persona)}${run.scenario !== undefined && run.persona !== 'observe' ? ` (${tableCode(run.persona)})` : ''}: ${run.showed.join('; ')}`,
        )
        .join(' · ');

/**
 * `## Versions captured` and `## Identities observed` of a client's twin, as its page shows them:
 * consecutive versions that showed the same folded into a row (the versions twin has one a row),
 * and the identities; a line each where there are none.
 */
export const clientCapturesMarkdown = (
  client: { id: string; name: string; captures: number },
  spans: ReturnType<typeof versionSpans>,
  versions: { count: number; newest?: string; oldest?: string },
  identities: readonly ClientIdentity[],
): string => {
  const { name } = client;
  if (versions.count === 0)
    return `## Versions captured\n\nNo wire capture of ${name} yet.\n\n## Identities observed\n\nNone observed yet.`;
  const rows = table(
    ['Versions', 'Captures', 'Faces', 'Handshakes', 'Scenarios', 'Offered', 'Declared', 'Captured'],
    spans.spans.map((span) => [
      span.versions === 1 ? tableCode(span.newest) : `${tableCode(span.oldest)} to ${tableCode(span.newest)} (${span.versions})`,
      String(span.captures),
      span.faces.map((face) => `${face.path}, ${face.transport}`).join('; '),
      spanRunsCell(span.personas),
      spanRunsCell(span.scenarios),
      span.offered.length === 0 ? 'none seen' : span.offered.map(tableCode).join(', '),
      span.declared.length === 0 ? 'none' : span.declared.map(tableCode).join(', '),
      span.lastCaptured.slice(0, 10),
    ]),
  );
  const older =
    spans.older.spans > 0
      ? `\n\n${spans.older.versions} older versions (${spans.older.captures} captures, in ${spans.older.spans} more rows) are on the capture list.`
      : '';
  const range = versions.count > 1 ? ` (${tableCode(versions.oldest ?? '')} to ${tableCode(versions.newest ?? '')})` : '';
  return `## Versions captured\n\n${client.captures} captures of ${versions.count} version${versions.count === 1 ? '' : 's'}${range}, newest first; consecutive versions whose captures showed the same share a row. [${name}'s versions](${clientVersionsUrl(client.id, 'twin')}) gives each version its own row, each outcome linking the newest capture's twin that showed it; [all ${client.captures} captures](${clientCapturesUrl(client.id, 'twin')}) are listed one by one.\n\n${rows}${older}\n\n## Identities observed\n\n${identitiesMarkdown(identities)}`;
};

/** `/clients/<id>/versions.md`: every captured version one a row (the newest), and every identity, as the versions page shows them. */
export const clientVersionsTwin = (
  client: { id: string; name: string; captures: number },
  timeline: VersionTable,
  identities: readonly ClientIdentity[],
): string =>
  `# ${client.name}: versions\n\nOne row per version, newest first: its captures by face and transport, each persona's handshakes and each scenario's runs with what they showed, each linking the newest capture's twin that showed it. [All ${client.captures} captures](${clientCapturesUrl(client.id, 'twin')}) are listed one by one; the client's own entry: [${client.name}](${clientUrl(client.id, 'twin')}).\n\n## Versions captured\n\n${versionRowsMarkdown(timeline)}\n\n## Identities observed\n\n${identitiesMarkdown(identities)}\n`;

/** `/clients/<id>/captures.md`: every capture of a client, by version, newest first, as llms.txt lists them. */
export const clientCaptureListTwin = (client: { id: string; name: string }, rows: readonly TimelineRow[]): string => {
  const byVersion: { version: string; rows: TimelineRow[] }[] = [];
  for (const row of rows) {
    const last = byVersion.at(-1);
    if (last?.version === row.version) last.rows.push(row);
    else byVersion.push({ version: row.version, rows: [row] });
  }
  return llmsTxt({
    title: `${client.name}: captures`,
    summary: `Every capture of ${client.name} on the wire, by version, newest first: face, transport, persona, scenario, the command it ran and what it showed.`,
    details: `${rows.length} captures. The client's own entry: [${client.name}](${clientUrl(client.id, 'twin')}).`,
    sections: byVersion.map((group) => ({
      heading: `Version ${codeSpan(group.version)}`,
      links: group.rows.map((row) => ({
        title: row.id,
        url: captureUrl(row.id, 'twin'),
        description: `${row.path} over ${row.transport}, persona ${codeSpan(row.persona)}${row.scenario === undefined ? '' : `, scenario ${codeSpan(row.scenario)}`}${row.command === undefined ? '' : `, command ${codeSpan(row.command)}`}, captured ${row.capturedAt}: ${row.showed}`,
      })),
    })),
  });
};
