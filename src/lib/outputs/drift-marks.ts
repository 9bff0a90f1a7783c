/**
 * What the site shows of a drift report (content/drift.json): which of a note's sources changed
 * upstream, and which verdicts were checked on a release older than the newest. A mark applies only
 * while the content still says what was checked: a source re-pinned to a new commit, or a verdict
 * checked again on a newer version, drops its mark without a new report.
 */
import { isCaptureSource, type Note, type Verdict } from '../../schema/index.ts';
import type { DriftReport, SourceDrift } from '../../schema/drift.ts';
import { codeSpan } from './capture-view.ts';
// A cell's mark and key are the matrix's (it reads them); the marks are made here, from the report.
import { cellKey, type CellDrift } from '../cells/matrix.ts';

export { cellKey, type CellDrift };

/** A source of a note whose cited lines no longer read the same on the default branch. */
export interface SourceMark {
  /** The source's place in the note's `sources`. */
  index: number;
  url: string;
  commit: string;
  path: string;
  status: 'changed' | 'gone' | 'missing';
  /** What became of each file, in a few words: `a.py:10-20 changed, b.py gone from the default branch`. */
  changes: string;
  /** The same, with each file as a Markdown code span. */
  changesMarkdown: string;
}

/** A note's marks, and the day they were found. */
export interface NoteDrift {
  checked: string;
  sources: SourceMark[];
}

/** What became of a source's files, in a few words each: `a.py:10-20 changed, b.py:3 moved to 7`. */
export const sourceChanges = (source: Pick<SourceDrift, 'files'>, code: (text: string) => string = (text) => text): string =>
  source.files
    .filter((file) => file.status !== 'unchanged')
    .map((file) => {
      const where = code(`${file.file}${file.lines === undefined ? '' : `:${file.lines}`}`);
      if (file.status === 'moved') return `${where} moved to ${file.now ?? '?'}`;
      if (file.status === 'missing')
        return `${where} not found at the pinned commit${file.detail === undefined ? '' : ` (${file.detail})`}`;
      return `${where} ${file.status === 'gone' ? 'gone from the default branch' : 'changed'}`;
    })
    .join(', ');

/** The marks of one note, or undefined where none of its sources changed (or there is no report). */
export const noteDrift = (
  report: DriftReport | undefined,
  note: { id: string; data: Pick<Note, 'sources'> },
): NoteDrift | undefined => {
  if (report === undefined) return undefined;
  const marks = report.sources.flatMap((found): SourceMark[] => {
    if (found.note !== note.id || (found.status !== 'changed' && found.status !== 'gone' && found.status !== 'missing'))
      return [];
    const index = note.data.sources.findIndex(
      (source) =>
        !isCaptureSource(source) && source.url === found.url && source.commit === found.commit && source.path === found.path,
    );
    if (index === -1) return [];
    const changed = found.files.filter((file) => file.status !== 'unchanged');
    const only = changed.length === 1 ? changed[0] : undefined;
    // A source of one file and one range: the path says which, the words say what became of it.
    const whole = only !== undefined && `${only.file}${only.lines === undefined ? '' : `:${only.lines}`}` === found.path.trim();
    const word =
      only?.status === 'gone'
        ? 'gone from the default branch'
        : only?.status === 'missing'
          ? 'not found at the pinned commit'
          : 'changed';
    const changes = found.detail ?? (whole ? word : sourceChanges(found));
    const changesMarkdown = found.detail ?? (whole ? word : sourceChanges(found, codeSpan));
    return [{ index, url: found.url, commit: found.commit, path: found.path, status: found.status, changes, changesMarkdown }];
  });
  return marks.length === 0 ? undefined : { checked: report.checked, sources: marks.sort((a, b) => a.index - b.index) };
};

/** A client's marked cells by `cellKey`; empty where none is older than the newest release. */
export const clientDrift = (
  report: DriftReport | undefined,
  client: { id: string; data: { support?: readonly Verdict[] | undefined } },
): Map<string, CellDrift> => {
  const marks = new Map<string, CellDrift>();
  if (report === undefined) return marks;
  for (const found of report.verdicts) {
    // A feature's cell is no matrix cell: its page shows its runs, not this mark.
    if (found.client !== client.id || found.axis === 'feature') continue;
    const verdict = client.data.support?.find((item) => item[found.axis] === found.column);
    // Checked again since on another version: the report no longer speaks for it.
    if (verdict?.version !== found.version) continue;
    marks.set(cellKey(found.axis, found.column), {
      newest: found.newest,
      ...(found.released === undefined ? {} : { released: found.released }),
      checked: report.checked,
      evidence: found.evidence,
    });
  }
  return marks;
};

/**
 * The line a note's twin gains after its meta line where a source changed upstream:
 * ``Changed upstream (checked 2026-12-01): `a.py:10-20` at commit `abc1234`: `a.py:10-20` changed``,
 * one item per source, separated by ` · `.
 */
export const driftTwinLine = (drift: NoteDrift): string =>
  `Changed upstream (checked ${drift.checked}): ${drift.sources
    .map((source) => `${codeSpan(source.path)} at commit ${codeSpan(source.commit)}: ${source.changesMarkdown}`)
    .join(' · ')}`;
