/**
 * The sources drift watches for the kinds of evidence that rest on the web: the pinned code of read
 * verdicts, whose lines `sources.ts` compares, and the pages of documented ones, which `pages.ts`
 * fetches. Each comes with the cells that rest on it, so a change names what to look at again.
 */
import type { Entry } from '../lib/content/entries.ts';
import { namesLines } from '../lib/content/verdicts.ts';
import { sortCellVerdicts, verdictKind } from '../lib/cells/evidence-kind.ts';
import { isCaptureSource, type Client, type EvidenceKind, type Note, type Verdict, type WebSource } from '../schema/index.ts';
import type { DriftPosition, PageCell } from '../schema/drift.ts';
import { fieldPosition } from './position.ts';

/** A web source of a note behind a verdict of one kind, and the cells it decides. */
export interface KindSource {
  note: string;
  /** The source's place in the note's `sources`. */
  index: number;
  source: WebSource;
  cells: PageCell[];
  at: DriftPosition;
}

const axisOf = (verdict: Verdict): PageCell => {
  if (verdict.revision !== undefined) return { axis: 'revision', column: verdict.revision, client: '' };
  if (verdict.capability !== undefined) return { axis: 'capability', column: verdict.capability, client: '' };
  return { axis: 'feature', column: verdict.feature ?? '', client: '' };
};

const cellKey = (cell: PageCell) => `${cell.client}\0${cell.axis}\0${cell.column}`;

/**
 * Every web source of the notes behind the verdicts of one kind (whether each decides its cell or is
 * shown beside it), in note and source order, with the cells they back; `accept` picks which of a
 * note's sources count (pinned code for read, pages for documented).
 */
export const sourcesOfKind = (
  kind: Exclude<EvidenceKind, 'observed'>,
  clients: readonly Entry<Client>[],
  notes: readonly Entry<Note>[],
  observed: ReadonlyMap<string, ReadonlySet<string>>,
  root: string,
  accept: (source: WebSource) => boolean,
): KindSource[] => {
  const cellsOf = new Map<string, Map<string, PageCell>>();
  for (const client of clients) {
    const kindOf = (verdict: Verdict) => verdictKind(verdict, client.id, (note, id) => observed.get(note)?.has(id) === true);
    const support = client.data.support ?? [];
    const byCell = Map.groupBy(support, (verdict) => cellKey({ ...axisOf(verdict), client: client.id }));
    for (const verdicts of byCell.values()) {
      const { decides, beside } = sortCellVerdicts(verdicts, kindOf);
      for (const { verdict } of [...(decides === undefined ? [] : [decides]), ...beside].filter((item) => item.kind === kind)) {
        const cell = { ...axisOf(verdict), client: client.id };
        for (const note of verdict.notes) {
          const cells = cellsOf.get(note) ?? new Map<string, PageCell>();
          cells.set(cellKey(cell), cell);
          cellsOf.set(note, cells);
        }
      }
    }
  }
  return notes.flatMap((note) => {
    const cells = cellsOf.get(note.id);
    if (cells === undefined) return [];
    return note.data.sources.flatMap((source, index): KindSource[] =>
      isCaptureSource(source) || !accept(source)
        ? []
        : [
            {
              note: note.id,
              index,
              source,
              cells: [...cells.values()],
              at: fieldPosition(note, root, ['sources', index, 'url']),
            },
          ],
    );
  });
};

/** The sources a read verdict rests on: code at a pinned commit, with the lines it cites (the rule check applies). */
export const isPinnedCode = (source: WebSource): boolean => source.commit !== undefined && namesLines(source.path);

/** The sources a documented verdict's page check fetches: a page on the web, pinned to no commit. */
export const isPage = (source: WebSource): boolean => source.commit === undefined;
