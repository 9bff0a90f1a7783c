import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { checkCapture } from '../content/capture-rules.ts';
import type { Capture } from '../evidence/capture.ts';
import { firstDeclaredCapabilities as declaredCapabilities } from '../mcp/capabilities.ts';
import {
  briefIdentities,
  briefIdentity,
  clientIdentities,
  clientTimeline,
  compareVersionsDescending,
  captureListPage,
  identityNames,
  runsByOutcome,
  versionSpans,
  versionAnchors,
  versionTable,
  releaseGapLabel,
  spanCount,
  withReleaseGaps,
  spanReleased,
} from './client-captures.ts';

/** The fixture site's three captures of fast-agent: 0.3.10 (hostile strings), 0.3.5 (legacy persona) and 0.2.40 (stdio). */
const load = (id: string): Capture => {
  const text = readFileSync(path.join(repoRoot, 'tests/fixtures/minimal/captures', `${id}.jsonl`), 'utf8');
  const { capture, problems } = checkCapture({ id, file: `${id}.jsonl`, text, sha256: 'f'.repeat(64) }, new Set(['fast-agent']));
  expect(problems).toEqual([]);
  return capture as Capture;
};
/** What each capture showed: the fixture's 0.3.10 falls back from a refused server/discover, 0.3.5 a legacy one, 0.2.40 opens at 2025-06-18. */
const SHOWED = {
  'fast-agent-0-2-40-observe-http': 'held a session at 2025-11-25 after server/discover',
  'fast-agent-0-2-40-observe-stdio': 'opened at 2025-06-18 and held a session',
  'fast-agent-0-3-10-observe-http': 'held a session at 2025-11-25 after server/discover',
  'fast-agent-0-3-5-legacy-2025-06-18-http': 'held a session at 2025-06-18',
};
const captures = [
  'fast-agent-0-2-40-observe-stdio',
  'fast-agent-0-3-10-observe-http',
  'fast-agent-0-3-5-legacy-2025-06-18-http',
].map(load);

describe('versions', () => {
  test('sort newest first, by number part by part, a release above its pre-release', () => {
    expect(['0.2.40', '0.10.0', '0.3.5', '0.3.10', '1.0.0-rc.1', '1.0.0'].sort(compareVersionsDescending)).toEqual([
      '1.0.0',
      '1.0.0-rc.1',
      '0.10.0',
      '0.3.10',
      '0.3.5',
      '0.2.40',
    ]);
  });
});

describe("a client's timeline", () => {
  test('the capabilities a capture first declared: in initialize, as sent', () => {
    expect(declaredCapabilities(captures[1] as Capture)).toEqual({
      roots: { listChanged: true },
      elicitation: { form: {}, url: {} },
    });
    expect(declaredCapabilities({ events: [] })).toBeUndefined();
    const modern = {
      events: [
        {
          seq: 1,
          t: 0,
          from: 'client',
          kind: 'message',
          raw: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/list',
            params: { _meta: { 'io.modelcontextprotocol/clientCapabilities': { sampling: {} } } },
          }),
        },
      ],
    } as unknown as Capture;
    expect(declaredCapabilities(modern)).toEqual({ sampling: {} });
  });

  test('versions down, newest first; what each offered and declared across, every capability any declared a column', () => {
    const timeline = clientTimeline(captures);
    expect(timeline.capabilities).toEqual(['elicitation', 'roots', 'sampling']);
    expect(timeline.rows.map((row) => [row.version, row.persona, row.offered, row.declared])).toEqual([
      ['0.3.10', 'observe', ['2026-07-28', '2025-11-25'], { roots: 'listChanged', elicitation: 'form, url' }],
      ['0.3.5', 'legacy:2025-06-18', ['2025-11-25', '2025-06-18'], { roots: 'listChanged', sampling: '', elicitation: '' }],
      ['0.2.40', 'observe', ['2025-06-18'], { roots: 'listChanged', sampling: '' }],
    ]);
    expect(timeline.rows[0]?.id).toBe('fast-agent-0-3-10-observe-http');
    expect(clientTimeline([])).toEqual({ capabilities: [], rows: [], versions: [] });
  });

  test('one entry per version, each capture of it with what it showed, declarations its captures disagree on counted', () => {
    const first = captures[1] as Capture;
    // The 0.3.10 capture as if made at 0.2.40 too: one version, two captures, two faces.
    const same = { ...first, id: 'fast-agent-0-2-40-observe-http', header: { ...first.header, version: '0.2.40' } };
    const timeline = clientTimeline([...captures, same]);
    expect(timeline.versions.map((group) => [group.version, group.rows.map((row) => row.id)])).toEqual([
      ['0.3.10', ['fast-agent-0-3-10-observe-http']],
      ['0.3.5', ['fast-agent-0-3-5-legacy-2025-06-18-http']],
      ['0.2.40', ['fast-agent-0-2-40-observe-stdio', 'fast-agent-0-2-40-observe-http']],
    ]);
    expect(Object.fromEntries(timeline.rows.map((row) => [row.id, row.showed]))).toEqual(SHOWED);
    const mixed = timeline.versions[2];
    expect(mixed?.declared).toEqual({ roots: 'listChanged' });
    expect(mixed?.declaredIn).toEqual({ elicitation: '1 of 2', sampling: '1 of 2' });
    expect(mixed?.offered).toEqual(['2025-06-18', '2026-07-28', '2025-11-25']);
  });

  test('the identities presented, one per distinct clientInfo, User-Agent, face and transport, with their captures', () => {
    expect(clientIdentities(captures)).toEqual([
      {
        name: '<img src=x onerror=alert(1)>',
        version: '0.3.10',
        userAgent: 'fast-agent/0.3.10 <svg onload=alert(2)> ```',
        path: 'cli',
        transport: 'http',
        captures: [{ id: 'fast-agent-0-3-10-observe-http', version: '0.3.10' }],
      },
      {
        name: 'fast-agent-mcp',
        title: 'fast-agent',
        version: '0.3.5',
        userAgent: 'python-httpx/0.28.1',
        path: 'cli',
        transport: 'http',
        captures: [{ id: 'fast-agent-0-3-5-legacy-2025-06-18-http', version: '0.3.5' }],
      },
      {
        name: 'fast-agent-mcp',
        version: '0.2.40',
        path: 'cli',
        transport: 'stdio',
        captures: [{ id: 'fast-agent-0-2-40-observe-stdio', version: '0.2.40' }],
      },
    ]);
  });
});

describe("a client's timeline, summarised for its page", () => {
  /** The fixture's captures, each again `copies` times under other ids and later times. */
  const repeated = (copies: number) =>
    captures.flatMap((capture) =>
      Array.from({ length: copies }, (_, index) => ({
        ...capture,
        id: `${capture.id}-${index}`,
        header: { ...capture.header, capturedAt: `2026-12-0${(index % 9) + 1}T00:00:00Z` },
      })),
    );

  test('one row per version: its captures counted, by face and transport, each persona with what it showed, counted and linking the newest', () => {
    const table = versionTable(clientTimeline(repeated(4)));
    expect(table.versions.map((group) => [group.version, group.captures])).toEqual([
      ['0.3.10', 4],
      ['0.3.5', 4],
      ['0.2.40', 4],
    ]);
    const [newest] = table.versions;
    expect(newest?.faces).toEqual([{ path: 'cli', transport: 'http', count: 4 }]);
    expect(newest?.personas).toEqual([
      {
        persona: 'observe',
        outcomes: [{ showed: SHOWED['fast-agent-0-3-10-observe-http'], count: 4, newest: 'fast-agent-0-3-10-observe-http-3' }],
      },
    ]);
    expect(newest?.scenarios).toEqual([]);
    expect(table.versions.map((group) => group.listed)).toEqual([
      { page: 1, anchor: 'v-0.3.10' },
      { page: 1, anchor: 'v-0.3.5' },
      { page: 1, anchor: 'v-0.2.40' },
    ]);
    expect(table.older).toEqual({ versions: 0, captures: 0 });
  });

  test("a version's scenarios apart from its handshakes, each with every distinct outcome, and its faces counted", () => {
    const [stdio, http] = [captures[0], captures[1]] as [Capture, Capture];
    const run = (capture: Capture, id: string, scenario?: string): Capture => ({
      ...capture,
      id,
      header: { ...capture.header, version: '1.0.0', ...(scenario === undefined ? {} : { scenario }) },
    });
    const [row] = versionTable(
      clientTimeline([
        run(stdio, 'a', 'tool-results'),
        run(http, 'b', 'tool-results'),
        run(stdio, 'c', 'tool-results'),
        run(stdio, 'd'),
      ]),
    ).versions;
    expect(row?.captures).toBe(4);
    expect(row?.faces).toEqual([
      { path: 'cli', transport: 'stdio', count: 3 },
      { path: 'cli', transport: 'http', count: 1 },
    ]);
    expect(row?.personas.map((item) => [item.persona, item.scenario, item.outcomes.map((outcome) => outcome.count)])).toEqual([
      ['observe', undefined, [1]],
    ]);
    expect(row?.scenarios).toHaveLength(1);
    expect(row?.scenarios[0]?.scenario).toBe('tool-results');
    expect(row?.scenarios[0]?.outcomes.map((outcome) => [outcome.showed, outcome.count])).toEqual([
      [SHOWED['fast-agent-0-2-40-observe-stdio'], 2],
      [SHOWED['fast-agent-0-3-10-observe-http'], 1],
    ]);
  });

  test('keeps the newest versions and says how many older versions and captures were left out', () => {
    const table = versionTable(clientTimeline(repeated(2)), 2);
    expect(table.versions.map((group) => group.version)).toEqual(['0.3.10', '0.3.5']);
    expect(table.older).toEqual({ versions: 1, captures: 2, newest: '0.2.40', oldest: '0.2.40' });
  });

  test("the capture list: every capture a page at a time, each version's first row anchored where its row on the client's page links", () => {
    const timeline = clientTimeline(repeated(3));
    const table = versionTable(timeline, undefined, 4);
    expect(table.versions.map((group) => group.listed)).toEqual([
      { page: 1, anchor: 'v-0.3.10' },
      { page: 1, anchor: 'v-0.3.5' },
      { page: 2, anchor: 'v-0.2.40' },
    ]);
    const pages = [1, 2, 3].map((page) => captureListPage(timeline, page, 4));
    expect(pages.map((rows) => rows.length)).toEqual([4, 4, 1]);
    expect(pages.flat().map((row) => row.id)).toEqual(timeline.rows.map((row) => row.id));
    for (const group of table.versions) {
      const rows = pages[group.listed.page - 1] ?? [];
      expect(rows.find((row) => row.anchor === group.listed.anchor)?.version).toBe(group.version);
    }
    expect(pages.flat().filter((row) => row.anchor !== undefined)).toHaveLength(3);
  });

  test('version anchors: letters, digits, dots and dashes kept, the rest a dash, never two alike', () => {
    expect([...versionAnchors(['1.0.0', '1.0.0+build', '1.0.0 build', 'a/b']).values()]).toEqual([
      'v-1.0.0',
      'v-1.0.0-build',
      'v-1.0.0-build-2',
      'v-a-b',
    ]);
  });

  test('an identity names its newest captures and counts the rest', () => {
    const [identity] = clientIdentities(repeated(5));
    const brief = briefIdentity(identity as NonNullable<typeof identity>, 3);
    expect(brief.captures).toHaveLength(3);
    expect(brief.more).toBe(2);
    expect(briefIdentity(identity as NonNullable<typeof identity>).more).toBe(0);
  });

  test('a page shows the first identities and counts the rest', () => {
    const identities = clientIdentities(captures);
    expect(briefIdentities(identities, 2)).toMatchObject({ omitted: identities.length - 2 });
    expect(briefIdentities(identities, 2).shown).toHaveLength(2);
    expect(briefIdentities(identities).omitted).toBe(0);
  });

  /** The fixture's captures again as `versions`, each of its own version `9.0.<n>`, with what `shape` says of the n-th. */
  const asVersions = (count: number, shape: (n: number) => number) =>
    Array.from({ length: count }, (_, n) => {
      const capture = captures[shape(n)] as Capture;
      return { ...capture, id: `v${n}`, header: { ...capture.header, version: `9.0.${n}` } };
    });

  test('versions in a row that showed the same share a span, newest first; one that differs breaks it, even if the same shows again after', () => {
    // 9.0.0–9.0.2 as the stdio capture, 9.0.3 as the legacy one, 9.0.4–9.0.5 as the stdio one again.
    const { spans, older } = versionSpans(versionTable(clientTimeline(asVersions(6, (n) => (n === 3 ? 2 : 0))), Infinity));
    expect(spans.map((span) => [span.newest, span.oldest, span.versions, span.captures])).toEqual([
      ['9.0.5', '9.0.4', 2, 2],
      ['9.0.3', '9.0.3', 1, 1],
      ['9.0.2', '9.0.0', 3, 3],
    ]);
    expect(spans[0]).toMatchObject({
      faces: [{ path: 'cli', transport: 'stdio' }],
      personas: [{ persona: 'observe', showed: [SHOWED['fast-agent-0-2-40-observe-stdio']] }],
      scenarios: [],
      offered: ['2025-06-18'],
      declared: ['roots', 'sampling'],
      listed: { page: 1, anchor: 'v-9.0.5' },
    });
    expect(older).toEqual({ spans: 0, versions: 0, captures: 0 });
  });

  test('with the client’s releases, each version says how many were published before it and not captured, and a span how many it spans', () => {
    // Captured: 9.0.0–9.0.2 (stdio), 9.0.3 (legacy), 9.0.4–9.0.5 (stdio); published as well: 9.0.1-rc.1,
    // 8.9.0 and 9.0.2.1, 9.0.2.2, 9.0.2.3 (between 9.0.2 and 9.0.3).
    const table = versionTable(clientTimeline(asVersions(6, (n) => (n === 3 ? 2 : 0))), Infinity);
    const published = [
      '8.9.0',
      '9.0.0',
      '9.0.1-rc.1',
      '9.0.1',
      '9.0.2',
      '9.0.2.1',
      '9.0.2.2',
      '9.0.2.3',
      '9.0.3',
      '9.0.4',
      '9.0.5',
    ];
    const versions = withReleaseGaps(table.versions, published);
    expect(versions.map((row) => [row.version, releaseGapLabel(row.notCapturedBefore) ?? row.notCapturedBefore?.count])).toEqual([
      ['9.0.5', 0],
      ['9.0.4', 0],
      ['9.0.3', '3 releases (9.0.2.1 to 9.0.2.3)'],
      ['9.0.2', 0],
      ['9.0.1', 0],
      ['9.0.0', undefined],
    ]);
    const { spans } = versionSpans({ ...table, versions });
    expect(spans.map((span) => [span.newest, span.oldest, spanCount(span), releaseGapLabel(span.notCapturedBefore)])).toEqual([
      ['9.0.5', '9.0.4', '(2)', undefined],
      ['9.0.3', '9.0.3', undefined, '3 releases (9.0.2.1 to 9.0.2.3)'],
      ['9.0.2', '9.0.0', '(3)', undefined],
    ]);
    // Without 9.0.1 captured, the first span spans three releases of which it captured two.
    const gapped = withReleaseGaps(
      table.versions.filter((row) => row.version !== '9.0.1'),
      published,
    );
    expect(versionSpans({ ...table, versions: gapped }).spans.map((span) => spanCount(span))).toEqual([
      '(2)',
      undefined,
      '(2 of 3 releases)',
    ]);
    expect(withReleaseGaps(table.versions, undefined).every((row) => row.notCapturedBefore === undefined)).toBe(true);
  });

  test('each version carries the day it was published, and a span the days of its newest and oldest', () => {
    const table = versionTable(clientTimeline(asVersions(6, (n) => (n === 3 ? 2 : 0))), Infinity);
    const times = {
      '9.0.0': '2026-01-02T10:00:00Z',
      '9.0.2': '2026-01-20T23:59:59.500Z',
      '9.0.3': '2026-02-01T00:00:00Z',
      '9.0.5': '2026-03-01T08:00:00Z',
    };
    const versions = withReleaseGaps(table.versions, Object.keys(times), times);
    expect(versions.map((row) => [row.version, row.released])).toEqual([
      ['9.0.5', '2026-03-01'],
      ['9.0.4', undefined],
      ['9.0.3', '2026-02-01'],
      ['9.0.2', '2026-01-20'],
      ['9.0.1', undefined],
      ['9.0.0', '2026-01-02'],
    ]);
    // The days stand without the list of releases too (a list that names no version can still date one).
    expect(withReleaseGaps(table.versions, undefined, times)[0]?.released).toBe('2026-03-01');
    const { spans } = versionSpans({ ...table, versions });
    expect(spans.map((span) => spanReleased(span))).toEqual([
      '9.0.5 released 2026-03-01',
      'released 2026-02-01',
      'released 2026-01-02 to 2026-01-20',
    ]);
  });

  test('keeps the newest spans and counts the versions and captures of the rest', () => {
    const { spans, older } = versionSpans(versionTable(clientTimeline(asVersions(5, (n) => n % 2)), Infinity), 2);
    expect(spans.map((span) => span.newest)).toEqual(['9.0.4', '9.0.3']);
    expect(older).toEqual({ spans: 3, versions: 3, captures: 3 });
  });

  test('each clientInfo.name the identities carry, with how many identities and captures carry it', () => {
    expect(identityNames(clientIdentities(captures))).toEqual([
      { name: '<img src=x onerror=alert(1)>', identities: 1, captures: 1 },
      { name: 'fast-agent-mcp', identities: 2, captures: 2 },
    ]);
    expect(identityNames([])).toEqual([]);
  });
});

describe("a span's runs grouped by what they showed", () => {
  test('runs that showed the same are said once, in the order their outcome first stood; one of its own stays alone', () => {
    const session = ['held a session at 2026-07-28'];
    const outcomes = runsByOutcome([
      { persona: 'observe', scenario: 'auth-cimd', showed: session },
      { persona: 'observe', scenario: 'auth-challenge-metadata', showed: ['held no session the capture shows'] },
      { persona: 'legacy:2025-06-18', scenario: 'auth-dcr', showed: session },
      { persona: 'observe', scenario: 'tool-results', showed: ['held a session at 2026-07-28', 'stalled once'] },
    ]);
    expect(outcomes.map((outcome) => [outcome.runs.map((run) => run.scenario), outcome.showed])).toEqual([
      [['auth-cimd', 'auth-dcr'], session],
      [['auth-challenge-metadata'], ['held no session the capture shows']],
      [['tool-results'], ['held a session at 2026-07-28', 'stalled once']],
    ]);
  });
});
