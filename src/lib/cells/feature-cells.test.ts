import { describe, expect, test } from 'vitest';
import { FeaturesExport } from '../../schema/export.ts';
import {
  buildFeatureCells,
  exportFeatureCell,
  featureRows,
  featuresByCapability,
  featureVersionLabel,
  formatRanges,
} from './feature-cells.ts';

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
            evidence: 'read' as const,
          },
          // The docs' claim beside the wire's runs: it never decides the cell.
          { feature: 'tools.call', state: 'no' as const, notes: ['codex-docs'], evidence: 'documented' as const },
        ],
      },
    },
    {
      id: 'zed',
      data: {
        support: [
          // A third party's report and the maker's docs disagree: the documented one decides, the report is beside it.
          { feature: 'tools.call', state: 'yes' as const, notes: ['zed-forum'], evidence: 'reported' as const },
          {
            feature: 'tools.call',
            state: 'no' as const,
            notes: ['zed-reads'],
            evidence: 'documented' as const,
            version: '0.210',
          },
        ],
      },
    },
    { id: 'cursor', data: {} },
  ],
  noteCaptures: new Map([
    ['codex-calls', ['codex-0-77-0', 'codex-0-118-0', 'codex-0-171-0', 'zed-1-0'].map((id) => byId.get(id)!)],
    ['codex-errors', []],
    ['codex-docs', []],
    ['zed-reads', []],
    ['zed-forum', []],
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
      { from: '0.77.0', to: '0.77.0', state: 'yes', captured: ['0.77.0'], fromIsOldestCaptured: true },
      { from: '0.118.0', to: '0.118.0', state: 'no', captured: ['0.118.0'] },
      { from: '0.171.0', to: '0.171.0', state: 'yes', captured: ['0.171.0'] },
    ]);
    expect(formatRanges(codex?.ranges ?? [])).toBe('0.77.0: yes · 0.118.0: no · 0.171.0: yes');
  });

  test("where no capture decides it, the cell has no runs: its kind, since and version are its verdict's", () => {
    const errors = cells[3];
    expect(errors?.evidence).toBe('read');
    expect(errors?.caveat).toBe('Only in exec mode.');
    expect(errors?.ranges).toEqual([]);
    expect(errors).toMatchObject({ since: '0.118.0', version: '0.171.0' });
    expect(featureVersionLabel(errors!)).toBe('since 0.118.0, as of 0.171.0');
    expect(featureVersionLabel(cells[1]!)).toBe('as of 0.210');
    expect(featureVersionLabel(cells[0]!)).toBe('0.77.0: yes · 0.118.0: no · 0.171.0: yes');
  });

  test('where kinds disagree the strongest decides (observed, read, documented, reported) and the others stand beside it', () => {
    expect(cells[0]).toMatchObject({
      state: 'yes',
      evidence: 'observed',
      also: [{ evidence: 'documented', state: 'no', notes: ['codex-docs'] }],
    });
    expect(cells[1]).toMatchObject({
      state: 'no',
      evidence: 'documented',
      notes: ['zed-reads'],
      also: [{ evidence: 'reported', state: 'yes', notes: ['zed-forum'] }],
    });
  });

  test('one run that starts at the oldest captured version reads "since at least"', () => {
    expect(
      formatRanges([
        { from: '0.77.0', to: '0.171.0', state: 'yes', captured: ['0.77.0', '0.171.0'], fromIsOldestCaptured: true },
      ]),
    ).toBe('since at least 0.77.0 (oldest captured), to 0.171.0');
  });

  test("a run names every capture of the client in its cited captures' face, cited or not, and counts the releases nobody captured", () => {
    const face = 'cli · stdio · codex exec hi';
    const handshake = (version: string) => ({ id: `hs-${version}`, client: 'codex', version, face, healthCheck: false });
    const all = ['0.77.0', '0.104.0', '0.118.0', '0.120.0'].map(handshake);
    const [cell] = buildFeatureCells({
      features: [{ id: 'lifecycle.initialize' }],
      clients: [{ id: 'codex', data: { support: [{ feature: 'lifecycle.initialize', state: 'yes' as const, notes: ['n'] }] } }],
      noteCaptures: new Map([['n', [all[0] as (typeof all)[number]]]]),
      captures: all,
      facts: new Map(all.map((capture) => [capture.id, [{ feature: 'lifecycle.initialize', state: 'yes' as const }]])),
      releases: new Map([['codex', ['0.77.0', '0.78.0', '0.104.0', '0.110.0', '0.118.0', '0.120.0', '0.121.0']]]),
    });
    expect(cell?.captures).toEqual(['hs-0.77.0']);
    expect(cell?.ranges.map(({ from, to, captured, releases }) => ({ from, to, captured, releases }))).toEqual([
      { from: '0.77.0', to: '0.120.0', captured: ['0.77.0', '0.104.0', '0.118.0', '0.120.0'], releases: 6 },
    ]);
    expect(formatRanges(cell?.ranges ?? [])).toBe(
      'since at least 0.77.0 (oldest captured), to 0.120.0 (4 of 6 releases captured)',
    );
  });

  test('with release times a cell dates its runs and says how far its newest capture is behind the newest release', () => {
    const face = 'cli · stdio · codex exec hi';
    const all = ['0.77.0', '0.120.0'].map((version) => ({
      id: `hs-${version}`,
      client: 'codex',
      version,
      face,
      healthCheck: false,
    }));
    const times = { '0.77.0': '2026-01-10T10:00:00Z', '0.120.0': '2026-03-01T10:00:00Z', '0.121.0': '2026-03-04T10:00:00Z' };
    const [cell] = buildFeatureCells({
      features: [{ id: 'lifecycle.initialize' }],
      clients: [{ id: 'codex', data: { support: [{ feature: 'lifecycle.initialize', state: 'yes' as const, notes: ['n'] }] } }],
      noteCaptures: new Map([['n', all]]),
      captures: all,
      facts: new Map(all.map((capture) => [capture.id, [{ feature: 'lifecycle.initialize', state: 'yes' as const }]])),
      releases: new Map([['codex', Object.keys(times)]]),
      releaseTimes: new Map([['codex', times]]),
    });
    expect(cell?.freshness).toEqual({ captured: '0.120.0', newest: '0.121.0', behind: 1, days: 3 });
    // A list that dates the captured versions only (the registry would not list them all) dates the runs, and counts nothing after them.
    const [dated] = buildFeatureCells({
      features: [{ id: 'lifecycle.initialize' }],
      clients: [{ id: 'codex', data: { support: [{ feature: 'lifecycle.initialize', state: 'yes' as const, notes: ['n'] }] } }],
      noteCaptures: new Map([['n', all]]),
      captures: all,
      facts: new Map(all.map((capture) => [capture.id, [{ feature: 'lifecycle.initialize', state: 'yes' as const }]])),
      releaseTimes: new Map([['codex', times]]),
    });
    expect(dated).not.toHaveProperty('freshness');
    expect(dated?.ranges).toMatchObject([{ fromReleased: '2026-01-10', toReleased: '2026-03-01' }]);
    expect(formatRanges(cell?.ranges ?? [])).toBe(
      'since at least 0.77.0 (oldest captured, released 2026-01-10), to 0.120.0 (released 2026-03-01)',
    );
    expect(exportFeatureCell(cell as NonNullable<typeof cell>)).toMatchObject({
      ranges: [{ from: '0.77.0', to: '0.120.0', fromReleased: '2026-01-10', toReleased: '2026-03-01' }],
      freshness: { behind: 1, days: 3 },
    });
  });

  test("another face's capture that differs splits the run it falls in; a health check never speaks for a session", () => {
    const capture = (id: string, version: string, face: string, healthCheck = false) => ({
      id,
      client: 'gemini-cli',
      version,
      face,
      faceLabel: face,
      healthCheck,
    });
    const all = [
      capture('s1', '0.1.0', 'gemini -p hi'),
      capture('s2', '0.9.0', 'gemini -p hi'),
      capture('t1', '0.5.0', "gemini -p 'Call…'"),
      capture('h1', '0.6.0', 'gemini mcp list', true),
    ];
    const [cell] = buildFeatureCells({
      features: [{ id: 'lifecycle.clientInfo' }],
      clients: [
        { id: 'gemini-cli', data: { support: [{ feature: 'lifecycle.clientInfo', state: 'yes' as const, notes: ['n'] }] } },
      ],
      noteCaptures: new Map([['n', all.slice(0, 2)]]),
      captures: all,
      facts: new Map([
        ['s1', [{ feature: 'lifecycle.clientInfo', state: 'yes' as const }]],
        ['s2', [{ feature: 'lifecycle.clientInfo', state: 'yes' as const }]],
        ['t1', [{ feature: 'lifecycle.clientInfo', state: 'no' as const }]],
        ['h1', [{ feature: 'lifecycle.clientInfo', state: 'partial' as const }]],
      ]),
    });
    expect(formatRanges(cell?.ranges ?? [])).toBe("0.1.0: yes · 0.5.0: no (in gemini -p 'Call…') · 0.9.0: yes");
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

  test('a client with a verdict only under a setting is unknown at its defaults, its verdict beside, and a row of its own', () => {
    const pi = {
      id: 'pi',
      data: { support: [{ feature: 'tools.call', state: 'yes' as const, notes: ['pi-direct'], setting: 'exposure=direct' }] },
    };
    const withPi = buildFeatureCells({
      ...input,
      clients: [...input.clients, pi],
      noteCaptures: new Map([...input.noteCaptures, ['pi-direct', [{ id: 'pi-0-70-0', client: 'pi', version: '0.70.0' }]]]),
    });
    const cell = withPi.find((item) => item.client === 'pi' && item.feature === 'tools.call');
    expect(cell).toMatchObject({
      state: 'unknown',
      also: [{ evidence: 'observed', state: 'yes', setting: 'exposure=direct', notes: ['pi-direct'] }],
    });
    expect(cell?.evidence).toBeUndefined();
    expect(FeaturesExport.parse(withPi.map(exportFeatureCell))).toBeDefined();
    const rows = featureRows(withPi, 'tools.call');
    expect(rows.known.map((item) => item.client)).toEqual(['codex', 'zed', 'pi']);
    expect(rows.unknown.map((item) => item.client)).toEqual(['cursor']);
    // Its other feature has no verdict at all: unknown, as any.
    expect(withPi.find((item) => item.client === 'pi' && item.feature === 'tools.result.isError')).not.toHaveProperty('also');
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

describe('runs never join captures of two faces, and show the versions captured but undecided', () => {
  // Codex's first release captured ran `codex exec` with default approvals; the later ones with
  // `--json --dangerously-bypass-approvals-and-sandbox`. Claude Code 2.1.292 asked the model with no tools.
  const faced = [
    { id: 'codex-0-1', client: 'codex', version: '0.1.2505291658', face: 'codex exec … (cli, stdio)' },
    { id: 'codex-0-8', client: 'codex', version: '0.8.0', face: 'codex exec --json … (cli, stdio)' },
    { id: 'codex-0-171', client: 'codex', version: '0.171.0', face: 'codex exec --json … (cli, stdio)' },
    { id: 'claude-2-1-291', client: 'claude-code', version: '2.1.291', face: 'claude -p … (cli, stdio)' },
    { id: 'claude-2-1-292', client: 'claude-code', version: '2.1.292', face: 'claude -p … (cli, stdio)' },
    { id: 'claude-2-1-303', client: 'claude-code', version: '2.1.303', face: 'claude -p … (cli, stdio)' },
  ];
  const cells = buildFeatureCells({
    features: [{ id: 'tools.call' }],
    clients: [
      { id: 'codex', data: { support: [{ feature: 'tools.call', state: 'yes' as const, notes: ['n'] }] } },
      { id: 'claude-code', data: { support: [{ feature: 'tools.call', state: 'yes' as const, notes: ['n'] }] } },
    ],
    noteCaptures: new Map([['n', faced]]),
    captures: faced,
    facts: new Map([
      ['codex-0-1', [{ feature: 'tools.call', state: 'yes' as const }]],
      ['codex-0-8', [{ feature: 'tools.call', state: 'yes' as const }]],
      ['codex-0-171', [{ feature: 'tools.call', state: 'yes' as const }]],
      ['claude-2-1-291', [{ feature: 'tools.call', state: 'yes' as const }]],
      ['claude-2-1-292', [{ feature: 'tools.call', state: 'not-observed' as const }]],
      ['claude-2-1-303', [{ feature: 'tools.call', state: 'yes' as const }]],
    ]),
  });

  test("Codex's first run, a different command, is a run of its own that names its face", () => {
    expect(formatRanges(cells[0]?.ranges ?? [])).toBe(
      '0.1.2505291658: yes (in codex exec … (cli, stdio)) · 0.8.0–0.171.0: yes (in codex exec --json … (cli, stdio))',
    );
    expect(exportFeatureCell(cells[0]!).ranges[1]).toEqual({
      from: '0.8.0',
      to: '0.171.0',
      state: 'yes',
      captured: ['0.8.0', '0.171.0'],
      fromIsOldestCaptured: true,
      face: 'codex exec --json … (cli, stdio)',
    });
  });

  test('a version whose capture decided nothing breaks the run it would have been joined into', () => {
    expect(formatRanges(cells[1]?.ranges ?? [])).toBe('2.1.291: yes · 2.1.292: not-observed · 2.1.303: yes');
  });
});
