/**
 * The Markdown of features: a feature's twin (its frontmatter, body, spec references and a row per
 * client, FORMAT.md), the sections a client's and a capability's twins add, and `/features.md`.
 */
import { freshnessWords } from '../cells/freshness.ts';
import type { Feature, PinnedSource } from '../../schema/index.ts';
import { linkText } from '../markdown/md-escape.ts';
import { stateSymbols } from '../cells/matrix.ts';
import { featureVersionLabel, isListed, type FeatureCell } from '../cells/feature-cells.ts';
import { besideLabel, evidenceMarks, evidenceNames } from '../cells/evidence-words.ts';
import { entryTwin, type NoteListItem } from './twin.ts';
import { captureUrl, clientUrl, featureUrl, noteUrl, routes } from '../routes/urls.ts';
import { toolNameRules } from '../evidence/tool-name-rules.ts';
import { MODEL_NAME_LIMIT, pastLimitWords, type NameRun } from '../evidence/tool-names.ts';

/** Text in a table cell: a pipe cannot end the cell, and a line break cannot end the row. */
const cellText = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const row = (cells: readonly string[]) => `| ${cells.map(cellText).join(' | ')} |`;
const table = (header: readonly string[], rows: readonly (readonly string[])[]) =>
  [row(header), row(header.map(() => '---')), ...rows.map(row)].join('\n');

/** A spec reference as a twin lists it: its link, commit, path and the commit's date. */
const specItem = (source: PinnedSource) =>
  `- [${linkText(source.title)}](${source.url}), commit \`${source.commit}\`, \`${source.path}\`, ${source.date}`;

/** When the feature came and went, in one line. */
export const featureLifecycle = (data: Pick<Feature, 'introduced' | 'deprecated' | 'removed'>): string => {
  const introduced =
    data.introduced === 'none'
      ? 'client behaviour the specification does not define'
      : data.introduced === 'extension'
        ? 'an extension'
        : `introduced in ${data.introduced}`;
  const later = [
    ...(data.deprecated === undefined ? [] : [`deprecated in ${data.deprecated}`]),
    ...(data.removed === undefined ? [] : [`removed in ${data.removed}`]),
  ];
  return [introduced, ...later].join(', ');
};

/** How a cell is known in a twin's table: `● observed`, `◇ documented`; empty where unknown. */
const kindText = (cell: Pick<FeatureCell, 'evidence'>): string =>
  cell.evidence === undefined ? '—' : `${evidenceMarks[cell.evidence]} ${evidenceNames[cell.evidence]}`;

/** The verdicts beside a cell, each with its notes: `also △ reported by a third party: no (disagrees) ([title](…))`. */
const besideText = (cell: Pick<FeatureCell, 'also' | 'state'>, noteTitle?: (id: string) => string): string[] =>
  (cell.also ?? []).map(
    (beside) =>
      `also ${besideLabel(beside, cell.state, evidenceNames)}${
        noteTitle === undefined
          ? ''
          : ` (${beside.notes.map((id) => `[${linkText(noteTitle(id))}](${noteUrl(id, 'twin')})`).join(', ')})`
      }`,
  );

/** `## Clients`: a row per client with a verdict, then the unknown ones, named apart (unknown is not no). */
export const featureClientsMarkdown = (
  rows: { known: readonly FeatureCell[]; unknown: readonly FeatureCell[] },
  clientName: (id: string) => string,
  noteTitle: (id: string) => string,
): string => {
  const link = (id: string) => `[${linkText(clientName(id))}](${clientUrl(id, 'twin')})`;
  const parts = ['## Clients'];
  if (rows.known.length === 0) parts.push('No client has a verdict for this feature yet.');
  else
    parts.push(
      table(
        ['Client', 'State', 'Versions', 'Evidence', 'Caveat', 'Notes'],
        rows.known.map((cell) => [
          link(cell.client),
          `${stateSymbols[cell.state]} ${cell.state}`,
          [featureVersionLabel(cell), cell.freshness === undefined ? '' : freshnessWords(cell.freshness)]
            .filter((part) => part !== '')
            .join('; ') || '—',
          [
            `${kindText(cell)}${cell.captures.length > 0 ? ` (${cell.captures.map((id) => `[${id}](${captureUrl(id, 'twin')})`).join(', ')})` : ''}`,
            ...besideText(cell, noteTitle),
          ].join('; '),
          cell.caveat ?? '—',
          cell.notes.map((id) => `[${linkText(noteTitle(id))}](${noteUrl(id, 'twin')})`).join(', '),
        ]),
      ),
    );
  if (rows.unknown.length > 0)
    parts.push(`Unknown (no verdict yet, which is not no): ${rows.unknown.map((cell) => link(cell.client)).join(', ')}.`);
  return parts.join('\n\n');
};

/** A feature's `.md` twin. */
export const featureTwin = (feature: {
  id: string;
  data: Feature;
  frontmatterBlock: string;
  body: string;
  notes: readonly NoteListItem[];
  clients: string;
}): string =>
  entryTwin({
    frontmatterBlock: feature.frontmatterBlock,
    heading: feature.data.title,
    body: [
      `${feature.data.description} Feature \`${feature.id}\`, ${featureLifecycle(feature.data)}; seen first-hand through: ${feature.data.observe}.`,
      feature.body.trim(),
    ]
      .filter((part) => part !== '')
      .join('\n\n'),
    notes: feature.notes,
    sections: [`## Specification\n\n${feature.data.spec.map(specItem).join('\n')}`, feature.clients],
  });

/** Features as a twin lists them: a link to each twin, with its question and how many clients have a verdict. */
export const featureListMarkdown = (
  features: readonly { id: string; data: Pick<Feature, 'title' | 'description'> }[],
  known: (id: string) => number,
): string =>
  features
    .map(
      (feature) =>
        `- [${linkText(feature.data.title)}](${featureUrl(feature.id, 'twin')}) — ${feature.data.description} (\`${feature.id}\`; ${known(feature.id)} client${known(feature.id) === 1 ? '' : 's'} with a verdict)`,
    )
    .join('\n');

/** A client's features in its twin: the ones with a verdict, and how many are unknown. */
export const clientFeaturesMarkdown = (cells: readonly FeatureCell[], featureTitle: (id: string) => string): string => {
  const known = cells.filter(isListed);
  const unknown = cells.length - known.length;
  const parts = ['## Features'];
  if (known.length > 0)
    parts.push(
      table(
        ['Feature', 'State', 'Versions', 'Evidence', 'Caveat'],
        known.map((cell) => [
          `[${linkText(featureTitle(cell.feature))}](${featureUrl(cell.feature, 'twin')})`,
          `${stateSymbols[cell.state]} ${cell.state}`,
          [featureVersionLabel(cell), cell.freshness === undefined ? '' : freshnessWords(cell.freshness)]
            .filter((part) => part !== '')
            .join('; ') || '—',
          [kindText(cell), ...besideText(cell)].join('; '),
          cell.caveat ?? '—',
        ]),
      ),
    );
  parts.push(
    `${known.length} feature${known.length === 1 ? '' : 's'} with a verdict; ${unknown} unknown (no verdict yet, which is not no). Every feature: [${routes.features.twin}](${routes.features.twin}).`,
  );
  return parts.join('\n\n');
};

/** How each client named a server's tools for its model, run by run, as the feature twin of tool names lists it. */
export const toolNameRunsMarkdown = (
  runs: ReadonlyMap<string, readonly NameRun[]>,
  clientName: (id: string) => string,
): string => {
  const rows = [...runs]
    .filter(([, list]) => list.length > 0)
    .sort(([a], [b]) => clientName(a).localeCompare(clientName(b)))
    .flatMap(([client, list]) =>
      [...list]
        .reverse()
        .map((run) => [
          `[${linkText(clientName(client))}](${clientUrl(client, 'twin')})`,
          run.from === run.to ? run.from : `${run.from}–${run.to}`,
          `${run.namespace === undefined ? '' : `\`${run.namespace}\` › `}\`${run.name}\`${
            run.serverChars === undefined
              ? ''
              : ` (${run.serverChars.map(([from, to]) => `${from} → ${to}`).join(', ')} in the server's name)`
          }${run.reach === 'bridge' ? " (only by name, through the client's own tool)" : ''}`,
          toolNameRules[run.api]?.title ?? run.api,
          String(run.longest),
          pastLimitWords(run),
          String(run.captures.length),
        ]),
    );
  const limits = [...new Set([...runs.values()].flatMap((list) => list.map((run) => run.api)))].sort().map((api) => {
    const rule = toolNameRules[api];
    return `- [${linkText(rule?.title ?? api)}](${rule?.source.url ?? ''}): ${rule?.maxLength === undefined ? 'states no limit' : `at most ${rule.maxLength} characters (${rule.charactersText ?? ''})`}`;
  });
  return `## How each client names a server's tools

Read from what the lab's stand-in model received; \`{server}\` is the name the client's settings give the server.

${table(['Client', 'Versions', 'Name the model receives', 'Model API', 'Longest passed intact', `Past ${MODEL_NAME_LIMIT} characters`, 'Captures'], rows)}

What each API accepts, by its own documentation:

${limits.join('\n')}`;
};
