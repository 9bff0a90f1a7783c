import { cellStates, type CellState, type Verdict } from '../../schema/index.ts';

// Declared in the schema; handed on with the legends and tallies, so the views that lay out a
// matrix read all of it from here (and their pages' styles stay grouped as they were).
export { cellStates, type CellState };
import type { VersionRun } from './version-runs.ts';

/** A verdict checked on a version older than the newest release (outputs/drift-marks.ts marks it). */
export interface CellDrift {
  newest: string;
  /** The day the newest release was published, where the registry said. */
  released?: string;
  checked: string;
  evidence: 'observed' | 'read';
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
  ranges?: VersionRun[];
  /** The face those captures were made in, in words (`claude mcp list (cli, stdio)`). */
  rangesFace?: string;
  /** How a verdict is known: `observed` on the wire (a cited note cites a capture of this client), else `read`. */
  evidence?: Evidence;
  /** Where the drift report found a newer release than `version`: it, and the day that was checked. */
  newerRelease?: CellDrift;
}

/** How a verdict is known: seen on the wire in a capture, or read in code and reports. */
export type Evidence = 'observed' | 'read';

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
  runs?: (client: string, verdict: Verdict) => { face?: string | undefined; runs: VersionRun[] };
}

const emptyTally = (): Tally => ({ yes: 0, partial: 0, no: 0, unknown: 0 });

const build = (input: MatrixInput, axis: Axis, columns: readonly string[]): Matrix => {
  const rows = input.clients.map((client) => ({
    client: client.id,
    cells: columns.map((column): MatrixCell => {
      const verdict = client.data.support?.find((item) => item[axis] === column);
      if (verdict === undefined) return { client: client.id, axis, column, state: 'unknown', notes: [] };
      const newer = client.cells?.[cellKey(axis, column)];
      const derived = input.runs?.(client.id, verdict);
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
        evidence: verdict.notes.some((note) => input.observed?.get(note)?.has(client.id)) ? 'observed' : 'read',
        ...(newer === undefined ? {} : { newerRelease: newer }),
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

/** A run as the exports list it (FORMAT.md, `/data/features.json`): its versions and state, not its captures. */
export const exportRange = (run: VersionRun) => ({
  from: run.from,
  ...(run.to === undefined ? {} : { to: run.to }),
  state: run.state,
  ...(run.fromIsOldestCaptured === true ? { fromIsOldestCaptured: true as const } : {}),
});

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
  ...(cell.newerRelease !== undefined
    ? {
        newerRelease: {
          version: cell.newerRelease.newest,
          ...(cell.newerRelease.released === undefined ? {} : { date: cell.newerRelease.released }),
          checked: cell.newerRelease.checked,
        },
      }
    : {}),
});

/** Every cell of both matrices, revisions first, each row by row. */
export const allCells = (matrices: Record<Axis, Matrix>): MatrixCell[] =>
  [matrices.revision, matrices.capability].flatMap((matrix) => matrix.rows.flatMap((row) => row.cells));
