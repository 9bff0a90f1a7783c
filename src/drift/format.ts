/** What `npm run drift` prints: findings as `path:line:col: message` lines, GitHub annotations, or the report as JSON. */
import { sourceChanges } from '../lib/outputs/drift-marks.ts';
import type { DriftPosition, DriftReport, PageDrift, SourceDrift, VerdictDrift } from '../schema/drift.ts';

/** How sure a finding is that something moved: `stale` may no longer hold, `unreachable` could not be checked, `note` is for information. */
export type Severity = 'stale' | 'unreachable' | 'note';

/** One line of output: where, how serious, and what. */
export interface Finding {
  at: DriftPosition;
  severity: Severity;
  message: string;
}

/** Exit codes, added up: 1 something may be stale, 2 something could not be checked, 4 drift could not do what was asked. */
export const EXIT = { stale: 1, unreachable: 2, failed: 4 } as const;

const cell = (verdict: VerdictDrift) => `${verdict.client} · ${verdict.axis} ${verdict.column}`;
const newest = (verdict: VerdictDrift) =>
  `newest release ${verdict.newest}${verdict.released === undefined ? '' : ` (published ${verdict.released})`}`;

const verdictMessage = (verdict: VerdictDrift): string =>
  verdict.evidence === 'observed'
    ? `re-capture: ${cell(verdict)} was observed on ${verdict.version}; ${newest(verdict)}`
    : `${cell(verdict)} (${verdict.evidence}) was checked on ${verdict.version}; ${newest(verdict)}`;

const sourceFinding = (source: SourceDrift): Finding | undefined => {
  const pinned = `${source.url} at ${source.commit.slice(0, 12)}`;
  switch (source.status) {
    case 'unchanged':
      return undefined;
    case 'unreachable':
      return {
        at: source.at,
        severity: 'unreachable',
        message: `source unreachable: ${pinned}: ${source.detail ?? 'could not be read'}`,
      };
    case 'moved':
      return {
        at: source.at,
        severity: 'note',
        message: `source lines moved upstream, unchanged: ${pinned}: ${sourceChanges(source)}`,
      };
    default:
      return {
        at: source.at,
        severity: 'stale',
        message: `source ${source.status === 'gone' ? 'gone' : source.status === 'missing' ? 'not found' : 'changed'} upstream: ${pinned}: ${source.detail ?? sourceChanges(source)}`,
      };
  }
};

/** The cells a page backs, in a few words: `claude-desktop · feature tools.listChanged, cursor · capability tools`. */
const pageCells = (page: PageDrift) => page.cells.map((cell) => `${cell.client} · ${cell.axis} ${cell.column}`).join(', ');

const pageFinding = (page: PageDrift): Finding | undefined => {
  if (page.status === 'changed')
    return {
      at: page.at,
      severity: 'stale',
      message: `documented page changed: ${page.url} (read ${page.date}): ${page.detail ?? 'its text differs'}; read it again for ${pageCells(page)}`,
    };
  if (page.status === 'unreachable')
    return {
      at: page.at,
      severity: 'unreachable',
      message: `page unreachable: ${page.url}: ${page.detail ?? 'could not be read'} (documented: ${pageCells(page)})`,
    };
  return undefined;
};

/** Every finding of a report, re-captures first, then other verdicts, registries, sources, documented pages. */
export const findings = (report: DriftReport): Finding[] => [
  ...report.verdicts.map((verdict): Finding => ({ at: verdict.at, severity: 'stale', message: verdictMessage(verdict) })),
  ...report.releases.flatMap((release): Finding[] =>
    release.unreachable === undefined
      ? []
      : [
          {
            at: release.at,
            severity: 'unreachable',
            message: `registry unreachable: ${release.package}: ${release.unreachable}`,
          },
        ],
  ),
  ...report.sources.flatMap((source) => sourceFinding(source) ?? []),
  ...(report.pages ?? []).flatMap((page) => pageFinding(page) ?? []),
];

/** The exit code for a report: 1 where something may be stale, plus 2 where something could not be checked. */
export const exitCode = (report: DriftReport): number => {
  const all = findings(report);
  return (
    (all.some((finding) => finding.severity === 'stale') ? EXIT.stale : 0) +
    (all.some((finding) => finding.severity === 'unreachable') ? EXIT.unreachable : 0)
  );
};

/** `path:line:col: message`. */
export const formatFinding = (finding: Finding): string =>
  `${finding.at.file}:${finding.at.line}:${finding.at.column}: ${finding.message}`;

/** A GitHub Actions workflow command: a warning (a notice for moved lines) on the line. */
export const formatAnnotation = (finding: Finding): string => {
  // Workflow commands treat `%`, CR, LF (and `,` `:` in properties) specially.
  const data = (value: string) => value.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const property = (value: string) => data(value).replace(/:/g, '%3A').replace(/,/g, '%2C');
  const level = finding.severity === 'note' ? 'notice' : 'warning';
  return `::${level} file=${property(finding.at.file)},line=${finding.at.line},col=${finding.at.column},title=drift::${data(finding.message)}`;
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** One line that sums a report up, for people. */
export const summary = (report: DriftReport): string => {
  const recapture = report.verdicts.filter((verdict) => verdict.evidence === 'observed').length;
  const count = (status: SourceDrift['status']) => report.sources.filter((source) => source.status === status).length;
  const changed = count('changed') + count('gone') + count('missing');
  const registries = report.releases.filter((release) => release.unreachable !== undefined).length;
  const pages = report.pages ?? [];
  const pageCount = (status: PageDrift['status']) => pages.filter((page) => page.status === status).length;
  return [
    `drift, checked ${report.checked}: ${plural(report.verdicts.length, 'verdict')} older than the newest release${recapture > 0 ? ` (${recapture} to re-capture)` : ''}`,
    `${changed} of ${plural(report.sources.length, 'pinned source')} changed upstream, ${count('moved')} moved, ${count('unchanged')} unchanged`,
    `${count('unreachable')} unreachable`,
    `${pageCount('changed')} of ${plural(pages.length, 'documented page')} changed, ${pageCount('unreachable')} unreachable, ${pageCount('recorded')} seen for the first time`,
    `${plural(report.releases.length, 'package')} asked${registries > 0 ? `, ${registries} unreachable` : ''}`,
  ].join('; ');
};
