/**
 * The server check's findings as text: for a person, what matters first (clients that lose
 * something, core clients before others; each client's findings from lost to fine, its unknowns on
 * one line; each finding with the one link to its evidence), or as the JSON list scripts read.
 */
import { findingKinds, type ClientReport, type Finding } from './check-server.ts';

/** What the text says before the findings: whose data it read, and what of the server it checked. */
export interface FormatContext {
  /** The site and the day of the data: "https://canimcp.io, generated 2026-12-07". */
  data?: string;
  /** The server in a few words: "`github-mcp-server` 1.9.0: 44 tools, 2 prompts, instructions". */
  server?: string;
  /** Notes on how the server was read, one line each. */
  notes?: readonly string[];
}

/**
 * Findings as a JSON list, in the order a person reads them (FORMAT.md: `[{ client, feature, finding,
 * evidence, kind }]`), each with `known`, the evidence kind of the cell it rests on, and `version`, the newest
 * version that cell's runs captured, where it has them.
 */
export const findingsJson = (reports: readonly ClientReport[]): string =>
  `${JSON.stringify(
    reports.flatMap((report) =>
      report.findings.map(({ client, feature, finding, evidence, kind, known, version }) => ({
        client,
        feature,
        finding,
        evidence,
        kind,
        ...(known === undefined ? {} : { known }),
        ...(version === undefined ? {} : { version }),
      })),
    ),
    null,
    2,
  )}\n`;

/** "2 lost, 1 gated, 3 fine": each kind a client has, most serious first. */
export const kindCounts = (findings: readonly Finding[]): string =>
  findingKinds
    .map((kind) => [kind, findings.filter((finding) => finding.kind === kind).length] as const)
    .filter(([, count]) => count > 0)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');

/** Whether a report says anything known: a client with only unknowns is listed apart, on one line. */
export const saysAnything = (report: ClientReport): boolean => report.findings.some((finding) => finding.kind !== 'unknown');

const list = (names: readonly string[]): string =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1) ?? ''}`;

/** The summary sentence: how many clients lose something, and which. */
export const lossSummary = (reports: readonly ClientReport[]): string => {
  const losing = reports.filter((report) => report.findings.some((finding) => finding.kind === 'lost'));
  const known = reports.filter(saysAnything);
  if (known.length === 0) return 'Nothing this server sends is covered by the feature data yet.';
  return losing.length === 0
    ? `No client of the ${known.length} with evidence drops anything this server sends.`
    : `${losing.length === 1 ? 'One client' : `${losing.length} clients`} of the ${known.length} with evidence ${losing.length === 1 ? 'drops' : 'drop'} something this server sends: ${list(losing.map((report) => report.name))}.`;
};

/** Findings as text for a person, ending in a newline. */
export const formatFindings = (reports: readonly ClientReport[], origin: string, context: FormatContext = {}): string => {
  const head = [
    ...(context.server === undefined ? [] : [`Checked ${context.server}.`]),
    ...(context.data === undefined ? [] : [`Data: ${context.data}.`]),
    ...(context.notes ?? []),
  ];
  const blocks = reports.filter(saysAnything).map((report) => {
    const unknown = report.findings.filter((finding) => finding.kind === 'unknown');
    const lines = report.findings
      .filter((finding) => finding.kind !== 'unknown')
      .map(
        (finding) => `  ${finding.kind.padEnd(6)} ${finding.feature}: ${finding.finding}\n         ${origin}${finding.evidence}`,
      );
    if (unknown.length > 0)
      lines.push(
        `  ${'unknown'.padEnd(6)} not yet observed: ${unknown.map((finding) => `${finding.finding.replace(/^not yet observed: /, '')} (${finding.feature})`).join(', ')}`,
      );
    return `${report.name} (${report.client}${report.core ? ', core' : ''}): ${kindCounts(report.findings)}\n${lines.join('\n')}`;
  });
  const silent = reports.filter((report) => !saysAnything(report) && report.findings.length > 0);
  const tail =
    silent.length === 0
      ? []
      : [
          `Not yet observed for what this server sends: ${silent.map((report) => `${report.name} (${report.client})`).join(', ')}.`,
        ];
  return `${[...(head.length === 0 ? [] : [head.join('\n')]), lossSummary(reports), ...blocks, ...tail].join('\n\n')}\n`;
};
