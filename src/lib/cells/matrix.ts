import { cellStates, type CellState, type EvidenceKind, type Verdict } from '../../schema/index.ts';

// Declared in the schema; handed on with the legends and tallies, so the views that lay out a
// matrix read all of it from here (and their pages' styles stay grouped as they were).
export { cellStates, type CellState };
import { besideVerdict, sortCellVerdicts, verdictKind, type BesideVerdict, type CitesCapture } from './evidence-kind.ts';
import { exportRange, type CountedRun, type VersionRun } from './version-runs.ts';
import { freshness, type Freshness } from './freshness.ts';
import type { ReleaseTimes } from '../evidence/releases.ts';

/** A verdict checked on a version older than the newest release (outputs/drift-marks.ts marks it). */
export interface CellDrift {
  newest: string;
  /** The day the newest release was published, where the registry said. */
  released?: string;
  checked: string;
  evidence: EvidenceKind;
}

/** Where a client's cell is: its axis and column. */
export const cellKey = (axis: 'revision' | 'capability', column: string): string => `${axis}\0${column}`;

/** What each state means, for legends (FORMAT.md). */
export const stateMeanings: Record<CellState, string> = {
  yes: 'supported: for a revision, the client holds a session at it with a server that offers only it; for a capability, it declares it and handles its requests',
  partial: 'supported with the gaps its caveat names',
  no: 'not supported, and the notes show it',
  unknown: 'no verdict yet; not the same as no',
};

/** What a matrix's columns are. */
export type Axis = 'revision' | 'capability';

/** A symbol per state, so the state reads without colour. */
export const stateSymbols: Record<CellState, string> = { yes: '✓', partial: '◐', no: '✗', unknown: '?' };

/** One client against one revision or capability. */
export interface MatrixCell {
  client: string;
  axis: Axis;
  /** The revision or capability id. */
  column: string;
  state: CellState;
  /** The verdict's evidence, in the author's order; empty when unknown. */
  notes: string[];
  caveat?: string;
  version?: string;
  since?: string;
  /** The version runs its captures show, oldest first (version-runs.ts); absent where no capture decides it. */
  ranges?: CountedRun<VersionRun>[];
  /** The face those captures were made in, in words (`claude mcp list (cli, stdio)`). */
  rangesFace?: string;
  /** How the deciding verdict is known (cells/evidence-kind.ts); absent when unknown. */
  evidence?: Evidence;
  /** The cell's other verdicts (another kind's claim, a claim under a setting), shown beside it; they never decide it. */
  also?: BesideVerdict[];
  /** Where the drift report found a newer release than `version`: it, and the day that was checked. */
  newerRelease?: CellDrift;
  /** How far its newest capture is behind the client's newest release (freshness.ts), where its runs and the release list tell. */
  freshness?: Freshness;
}

/** How a verdict is known: one of the kinds `src/schema/verdict.ts` declares. */
export type Evidence = EvidenceKind;

/** How many cells of a column are in each state. */
export type Tally = Record<CellState, number>;

/** Clients down, one axis across. */
export interface Matrix {
  axis: Axis;
  columns: { id: string; tally: Tally }[];
  rows: { client: string; cells: MatrixCell[] }[];
}

/** The least the matrices need: each client's verdicts, and the column ids. */
export interface MatrixInput {
  clients: readonly {
    id: string;
    data: { support?: readonly Verdict[] | undefined };
    cells?: Record<string, CellDrift> | undefined;
  }[];
  revisions: readonly string[];
  capabilities: readonly string[];
  /** Per note id, the clients whose captures the note cites; a note absent here cites none. */
  observed?: ReadonlyMap<string, ReadonlySet<string>>;
  /** A verdict's version runs and their face, from the captures its notes cite (cell-observations.ts). */
  runs?: (client: string, verdict: Verdict) => { face?: string | undefined; runs: CountedRun<VersionRun>[] };
  /** Per client, when each of its versions was published (content/releases/): each cell's freshness. */
  releaseTimes?: ReadonlyMap<string, ReleaseTimes>;
}

const emptyTally = (): Tally => ({ yes: 0, partial: 0, no: 0, unknown: 0 });

const build = (input: MatrixInput, axis: Axis, columns: readonly string[]): Matrix => {
  const citesCapture: CitesCapture = (note, client) => input.observed?.get(note)?.has(client) === true;
  const rows = input.clients.map((client) => ({
    client: client.id,
    cells: columns.map((column): MatrixCell => {
      const { decides, beside } = sortCellVerdicts(
        (client.data.support ?? []).filter((item) => item[axis] === column),
        (item) => verdictKind(item, client.id, citesCapture),
      );
      if (decides === undefined) return { client: client.id, axis, column, state: 'unknown', notes: [] };
      const { verdict } = decides;
      const newer = client.cells?.[cellKey(axis, column)];
      // Runs are captured versions: a cell no capture decides has none, whatever its notes cite.
      const derived = decides.kind === 'observed' ? input.runs?.(client.id, verdict) : undefined;
      const fresh = freshness(derived?.runs.flatMap((run) => run.captured) ?? [], input.releaseTimes?.get(client.id));
      return {
        client: client.id,
        axis,
        column,
        state: verdict.state,
        notes: [...verdict.notes],
        ...(verdict.caveat !== undefined ? { caveat: verdict.caveat } : {}),
        ...(verdict.version !== undefined ? { version: verdict.version } : {}),
        ...(verdict.since !== undefined ? { since: verdict.since } : {}),
        ...(derived !== undefined && derived.runs.length > 0
          ? { ranges: derived.runs, ...(derived.face === undefined ? {} : { rangesFace: derived.face }) }
          : {}),
        evidence: decides.kind,
        ...(beside.length === 0 ? {} : { also: beside.map(besideVerdict) }),
        ...(newer === undefined ? {} : { newerRelease: newer }),
        ...(fresh === undefined ? {} : { freshness: fresh }),
      };
    }),
  }));
  return {
    axis,
    columns: columns.map((id, index) => {
      const tally = emptyTally();
      for (const row of rows) {
        const cell = row.cells[index];
        if (cell) tally[cell.state] += 1;
      }
      return { id, tally };
    }),
    rows,
  };
};

/** Both support matrices: clients × revisions and clients × capabilities, in the orders given. */
export const buildMatrices = (input: MatrixInput): Record<Axis, Matrix> => ({
  revision: build(input, 'revision', input.revisions),
  capability: build(input, 'capability', input.capabilities),
});

/** "4 yes · 1 partial · 2 no · 5 unknown": every state, zeros included, so none hides in another. */
export const formatTally = (tally: Tally): string => cellStates.map((state) => `${tally[state]} ${state}`).join(' · ');

/** One client's cells in a matrix, in column order. */
export const rowOf = (matrix: Matrix, client: string): MatrixCell[] =>
  matrix.rows.find((row) => row.client === client)?.cells ?? [];

/** One column's cells, grouped by state in the legend's order. */
export const columnOf = (matrix: Matrix, column: string): Record<CellState, MatrixCell[]> => {
  const groups: Record<CellState, MatrixCell[]> = { yes: [], partial: [], no: [], unknown: [] };
  for (const row of matrix.rows) {
    const cell = row.cells.find((item) => item.column === column);
    if (cell) groups[cell.state].push(cell);
  }
  return groups;
};

/** A cell as `/data/matrix.json` lists it (FORMAT.md): unknown cells keep `state: unknown` and no notes. */
export const exportCell = (cell: MatrixCell) => ({
  client: cell.client,
  ...(cell.axis === 'revision' ? { revision: cell.column } : { capability: cell.column }),
  state: cell.state,
  notes: cell.notes,
  ...(cell.caveat !== undefined ? { caveat: cell.caveat } : {}),
  ...(cell.version !== undefined ? { version: cell.version } : {}),
  ...(cell.since !== undefined ? { since: cell.since } : {}),
  ...(cell.ranges !== undefined ? { ranges: cell.ranges.map(exportRange) } : {}),
  ...(cell.evidence !== undefined ? { evidence: cell.evidence } : {}),
  ...(cell.also === undefined ? {} : { also: cell.also }),
  ...(cell.newerRelease !== undefined
    ? {
        newerRelease: {
          version: cell.newerRelease.newest,
          ...(cell.newerRelease.released === undefined ? {} : { date: cell.newerRelease.released }),
          checked: cell.newerRelease.checked,
        },
      }
    : {}),
  ...(cell.freshness === undefined ? {} : { freshness: cell.freshness }),
});

/** Every cell of both matrices, revisions first, each row by row. */
export const allCells = (matrices: Record<Axis, Matrix>): MatrixCell[] =>
  [matrices.revision, matrices.capability].flatMap((matrix) => matrix.rows.flatMap((row) => row.cells));
