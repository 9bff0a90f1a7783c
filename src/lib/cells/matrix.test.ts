import { describe, expect, test } from 'vitest';
import { MatrixExport } from '../../schema/export.ts';
import type { Verdict } from '../../schema/index.ts';
import { allCells, buildMatrices, columnOf, exportCell, formatTally, rowOf, type MatrixInput } from './matrix.ts';
import { markdownCell, matrixMarkdown } from '../matrix/matrix-twin.ts';

const client = (id: string, support?: Verdict[]) => ({ id, data: support ? { support } : {} });

const input: MatrixInput = {
  clients: [
    client('zed', [
      { revision: '2026-07-28', state: 'no', notes: ['zed-two-versions'] },
      { revision: '2025-11-25', state: 'yes', notes: ['zed-two-versions'], version: '0.210', since: '0.190' },
      { capability: 'sampling', state: 'partial', notes: ['zed-sampling'], caveat: 'Only text | no images.' },
    ]),
    client('codex', [{ revision: '2025-11-25', state: 'yes', notes: ['codex-versions'] }]),
    client('goose'),
  ],
  revisions: ['2025-11-25', '2026-07-28'],
  capabilities: ['sampling', 'tools'],
  // zed-two-versions cites a capture of zed; codex-versions cites one of zed only, which is not codex's.
  observed: new Map([
    ['zed-two-versions', new Set(['zed'])],
    ['codex-versions', new Set(['zed'])],
  ]),
};

const matrices = buildMatrices(input);

describe('buildMatrices', () => {
  test('every client against every column, in the orders given, each cell its verdict', () => {
    const states = (axis: 'revision' | 'capability') =>
      matrices[axis].rows.map((row) => [row.client, row.cells.map((cell) => `${cell.column}:${cell.state}`)]);
    expect(states('revision')).toEqual([
      ['zed', ['2025-11-25:yes', '2026-07-28:no']],
      ['codex', ['2025-11-25:yes', '2026-07-28:unknown']],
      ['goose', ['2025-11-25:unknown', '2026-07-28:unknown']],
    ]);
    expect(states('capability')).toEqual([
      ['zed', ['sampling:partial', 'tools:unknown']],
      ['codex', ['sampling:unknown', 'tools:unknown']],
      ['goose', ['sampling:unknown', 'tools:unknown']],
    ]);
  });

  test('a cell carries its notes, caveat, version, since and evidence; an unknown cell has none', () => {
    expect(rowOf(matrices.revision, 'zed')[0]).toEqual({
      client: 'zed',
      axis: 'revision',
      column: '2025-11-25',
      state: 'yes',
      notes: ['zed-two-versions'],
      version: '0.210',
      since: '0.190',
      evidence: 'observed',
    });
    expect(rowOf(matrices.capability, 'zed')[0]).toMatchObject({ state: 'partial', caveat: 'Only text | no images.' });
    expect(rowOf(matrices.capability, 'goose')[1]).toEqual({
      client: 'goose',
      axis: 'capability',
      column: 'tools',
      state: 'unknown',
      notes: [],
    });
    expect(rowOf(matrices.revision, 'nobody')).toEqual([]);
  });

  test('a verdict is observed only where a cited note cites a capture of that very client, else read', () => {
    expect(rowOf(matrices.capability, 'zed')[0]?.evidence).toBe('read');
    expect(rowOf(matrices.revision, 'codex')[0]?.evidence).toBe('read');
    expect(
      buildMatrices({ clients: input.clients, revisions: input.revisions, capabilities: input.capabilities }).revision.rows[0]
        ?.cells[0]?.evidence,
    ).toBe('read');
  });

  test('each column tallies the four states apart: unknown is never counted as no', () => {
    expect(matrices.revision.columns).toEqual([
      { id: '2025-11-25', tally: { yes: 2, partial: 0, no: 0, unknown: 1 } },
      { id: '2026-07-28', tally: { yes: 0, partial: 0, no: 1, unknown: 2 } },
    ]);
    expect(formatTally({ yes: 4, partial: 1, no: 2, unknown: 5 })).toBe('4 yes · 1 partial · 2 no · 5 unknown');
    expect(formatTally(matrices.capability.columns[1]?.tally ?? { yes: 9, partial: 9, no: 9, unknown: 9 })).toBe(
      '0 yes · 0 partial · 0 no · 3 unknown',
    );
  });

  test('columnOf groups a column by state', () => {
    const groups = columnOf(matrices.revision, '2026-07-28');
    expect(Object.fromEntries(Object.entries(groups).map(([state, cells]) => [state, cells.map((cell) => cell.client)]))).toEqual(
      {
        yes: [],
        partial: [],
        no: ['zed'],
        unknown: ['codex', 'goose'],
      },
    );
  });
});

describe('the matrix export', () => {
  test('lists every cell of both matrices, unknown ones with state unknown and no notes, and fits its schema', () => {
    const cells = allCells(matrices).map(exportCell);
    expect(cells).toHaveLength(3 * 2 + 3 * 2);
    expect(cells[0]).toEqual({
      client: 'zed',
      revision: '2025-11-25',
      state: 'yes',
      notes: ['zed-two-versions'],
      version: '0.210',
      since: '0.190',
      evidence: 'observed',
    });
    expect(cells).toContainEqual({ client: 'goose', capability: 'tools', state: 'unknown', notes: [] });
    expect(MatrixExport.parse(cells)).toEqual(cells);
  });

  test('its schema refuses an unknown cell with notes, a verdict without, and a cell about both axes', () => {
    expect(MatrixExport.safeParse([{ client: 'a', revision: 'r', state: 'unknown', notes: ['n'] }]).success).toBe(false);
    expect(MatrixExport.safeParse([{ client: 'a', revision: 'r', state: 'no', notes: [], evidence: 'read' }]).success).toBe(
      false,
    );
    expect(MatrixExport.safeParse([{ client: 'a', revision: 'r', state: 'no', notes: ['n'] }]).success).toBe(false);
    expect(MatrixExport.safeParse([{ client: 'a', revision: 'r', state: 'no', notes: ['n'], evidence: 'seen' }]).success).toBe(
      false,
    );
    expect(MatrixExport.safeParse([{ client: 'a', revision: 'r', capability: 'c', state: 'yes', notes: ['n'] }]).success).toBe(
      false,
    );
  });
});

describe('the matrix as Markdown', () => {
  test('a cell says its state in a word and a symbol, how it is known, since and version, caveat and its notes as twin links', () => {
    expect(markdownCell(rowOf(matrices.revision, 'zed')[0]!)).toBe(
      '✓ yes · ● observed · since 0.190 · version 0.210 · [zed-two-versions](/research/zed-two-versions.md)',
    );
    // A pipe in a caveat would end the table cell.
    expect(markdownCell(rowOf(matrices.capability, 'zed')[0]!)).toBe(
      '◐ partial · ○ read · Only text \\| no images. · [zed-sampling](/research/zed-sampling.md)',
    );
    expect(markdownCell(rowOf(matrices.revision, 'goose')[0]!)).toBe('? unknown');
  });

  test('two tables, each with a header of linked columns, a row per client and a tally row', () => {
    const text = matrixMarkdown(matrices, {
      clientName: (id) => id.toUpperCase(),
      columnLabel: (axis, id) => (axis === 'capability' ? `Cap ${id}` : id),
    });
    expect(text).toMatch(/^# Support matrix\n\n> /);
    expect(text.endsWith('|\n')).toBe(true);
    const revisions = text.slice(text.indexOf('## Clients × revisions'), text.indexOf('## Clients × capabilities'));
    expect(revisions.trim().split('\n').slice(2)).toEqual([
      '| Client | [2025-11-25](/revisions/2025-11-25.md) | [2026-07-28](/revisions/2026-07-28.md) |',
      '| --- | --- | --- |',
      '| [ZED](/clients/zed.md) | ✓ yes · ● observed · since 0.190 · version 0.210 · [zed-two-versions](/research/zed-two-versions.md) | ✗ no · ● observed · [zed-two-versions](/research/zed-two-versions.md) |',
      '| [CODEX](/clients/codex.md) | ✓ yes · ○ read · [codex-versions](/research/codex-versions.md) | ? unknown |',
      '| [GOOSE](/clients/goose.md) | ? unknown | ? unknown |',
      '| **Tally** | 2 yes · 0 partial · 0 no · 1 unknown | 0 yes · 0 partial · 1 no · 2 unknown |',
    ]);
    expect(text).toContain('| Client | [Cap sampling](/capabilities/sampling.md) | [Cap tools](/capabilities/tools.md) |');
  });
});
