import { describe, expect, test } from 'vitest';
import { FeaturesExport } from '../../schema/export.ts';
import { buildFeatureCells, exportFeatureCell, featureRows, featuresByCapability, formatRanges } from './feature-cells.ts';

const captures = [
  { id: 'codex-0-77-0', client: 'codex', version: '0.77.0' },
  { id: 'codex-0-118-0', client: 'codex', version: '0.118.0' },
  { id: 'codex-0-171-0', client: 'codex', version: '0.171.0' },
  { id: 'zed-1-0', client: 'zed', version: '1.0' },
];
const byId = new Map(captures.map((capture) => [capture.id, capture]));
const input = {
  features: [{ id: 'tools.call' }, { id: 'tools.result.isError' }],
  clients: [
    {
      id: 'codex',
      data: {
        support: [
          { feature: 'tools.call', state: 'yes' as const, notes: ['codex-calls'] },
          {
            feature: 'tools.result.isError',
            state: 'partial' as const,
            notes: ['codex-errors'],
            caveat: 'Only in exec mode.',
            since: '0.118.0',
            version: '0.171.0',
          },
        ],
      },
    },
    { id: 'zed', data: { support: [{ feature: 'tools.call', state: 'no' as const, notes: ['zed-reads'] }] } },
    { id: 'cursor', data: {} },
  ],
  noteCaptures: new Map([
    ['codex-calls', ['codex-0-77-0', 'codex-0-118-0', 'codex-0-171-0', 'zed-1-0'].map((id) => byId.get(id)!)],
    ['codex-errors', []],
    ['zed-reads', []],
  ]),
  captures,
  facts: new Map([
    ['codex-0-77-0', [{ feature: 'tools.call', state: 'yes' as const }]],
    ['codex-0-118-0', [{ feature: 'tools.call', state: 'no' as const }]],
    [
      'codex-0-171-0',
      [
        { feature: 'tools.call', state: 'yes' as const },
        { feature: 'tools.result.isError', state: 'not-observed' as const },
      ],
    ],
  ]),
};

describe('feature cells', () => {
  const cells = buildFeatureCells(input);

  test('one cell per feature and client, in the orders given, unknown where no verdict was written', () => {
    expect(cells.map((cell) => `${cell.feature}/${cell.client}:${cell.state}`)).toEqual([
      'tools.call/codex:yes',
      'tools.call/zed:no',
      'tools.call/cursor:unknown',
      'tools.result.isError/codex:partial',
      'tools.result.isError/zed:unknown',
      'tools.result.isError/cursor:unknown',
    ]);
    expect(cells[2]).toEqual({ feature: 'tools.call', client: 'cursor', state: 'unknown', ranges: [], notes: [], captures: [] });
  });

  test("a cell's runs come from its cited captures' judged facts, oldest first, each change a run of its own", () => {
    const codex = cells[0];
    expect(codex?.captures).toEqual(['codex-0-77-0', 'codex-0-118-0', 'codex-0-171-0']);
    expect(codex?.evidence).toBe('observed');
    expect(codex?.ranges).toEqual([
      { from: '0.77.0', state: 'yes', fromIsOldestCaptured: true },
      { from: '0.118.0', state: 'no' },
      { from: '0.171.0', state: 'yes' },
    ]);
    expect(formatRanges(codex?.ranges ?? [])).toBe('0.77.0: yes · 0.118.0: no · 0.171.0: yes');
  });

  test('where no capture decides it, the verdict gives one run from its since to its version, and it is read', () => {
    const errors = cells[3];
    expect(errors?.evidence).toBe('read');
    expect(errors?.caveat).toBe('Only in exec mode.');
    expect(errors?.ranges).toEqual([{ from: '0.118.0', to: '0.171.0', state: 'partial' }]);
    expect(formatRanges(errors?.ranges ?? [])).toBe('0.118.0–0.171.0');
    expect(cells[1]?.ranges).toEqual([]);
  });

  test('one run that starts at the oldest captured version reads "since at least"', () => {
    expect(formatRanges([{ from: '0.77.0', to: '0.171.0', state: 'yes', fromIsOldestCaptured: true }])).toBe(
      'since at least 0.77.0 (oldest captured), to 0.171.0',
    );
  });

  test('the export fits its schema, unknown cells included with no notes, evidence or runs', () => {
    const exported = cells.map(exportFeatureCell);
    expect(FeaturesExport.parse(exported)).toEqual(exported);
    expect(exported[2]).toEqual({
      feature: 'tools.call',
      client: 'cursor',
      state: 'unknown',
      ranges: [],
      notes: [],
      captures: [],
    });
    expect(exported[0]).toMatchObject({ evidence: 'observed', notes: ['codex-calls'] });
  });

  test("a feature's rows keep the clients with a verdict apart from the unknown ones", () => {
    const rows = featureRows(cells, 'tools.call');
    expect(rows.known.map((cell) => cell.client)).toEqual(['codex', 'zed']);
    expect(rows.unknown.map((cell) => cell.client)).toEqual(['cursor']);
  });

  test('features group under their capability in the given order; an empty capability is left out', () => {
    const features = [
      { id: 'tools.call', data: { capability: 'tools' } },
      { id: 'lifecycle.ping', data: { capability: 'protocolVersions' } },
      { id: 'lifecycle.instructions', data: { capability: 'protocolVersions' } },
    ];
    expect(
      featuresByCapability(features, ['protocolVersions', 'roots', 'tools']).map((group) => [
        group.capability,
        group.features.map((f) => f.id),
      ]),
    ).toEqual([
      ['protocolVersions', ['lifecycle.instructions', 'lifecycle.ping']],
      ['tools', ['tools.call']],
    ]);
  });
});
