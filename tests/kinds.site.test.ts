/**
 * No cell that is not observed appears as observed anywhere. The kinds fixture (tests/fixtures/kinds)
 * has one cell of each kind: fast-agent's, which a capture decides (observed), and Example Editor's,
 * which no lab ran: read in its code, documented by its maker, reported by a third party; and two
 * cells where kinds disagree (fast-agent's docs say no where the wire says yes; the editor's docs say
 * yes where a report says partial). It is built in a git repository of its own, in two commits, and
 * every output is read back: the pages (matrix, client, feature, revision, capability, the features
 * grid and the status), the twins, /data/matrix.json, features.json and history.json, the badges,
 * the server check over the published data, and the data package's lookup().
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { evidenceKinds } from '../src/lib/cells/cell-view.ts';
import { evidenceCodes, evidenceLabels, evidenceMarks, evidenceNames } from '../src/lib/cells/evidence-words.ts';
import { checkDataOf } from '../src/lib/server-check/check-data.ts';
import { checkServer } from '../src/lib/server-check/check-server.ts';
import { findingsJson } from '../src/lib/server-check/format.ts';
import { readServerInput } from '../src/lib/server-check/server-input.ts';
import { writeDataPackage } from '../src/node/data-package.ts';
import { repoRoot } from '../src/node/paths.ts';
import { FeaturesExport, HistoryExport, MatrixExport } from '../src/schema/export.ts';
import type { EvidenceKind } from '../src/schema/index.ts';
import { gitAt } from './support/git.ts';
import { buildContent } from './support/site.ts';

const EDITOR = 'example-editor';

/** How each known cell of the fixture is known: the truth every output is held to. */
const truth: Record<string, EvidenceKind> = {
  'fast-agent revision 2026-07-28': 'observed',
  'fast-agent capability protocolVersions': 'observed',
  'fast-agent feature lifecycle.serverDiscover': 'observed',
  [`${EDITOR} revision 2025-11-25`]: 'read',
  [`${EDITOR} capability tools`]: 'documented',
  [`${EDITOR} capability protocolVersions`]: 'reported',
  [`${EDITOR} feature lifecycle.serverDiscover`]: 'read',
  [`${EDITOR} feature tools.call`]: 'documented',
  [`${EDITOR} feature tools.result.content.image`]: 'reported',
};
const notObserved = Object.entries(truth).filter(([, kind]) => kind !== 'observed');

let work: string;
let dist: string;
const read = (file: string) => readFile(path.join(dist, file), 'utf8');

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'canimcp-kinds-'));
  const content = path.join(work, 'content');
  await cp(path.join(repoRoot, 'tests/fixtures/kinds'), content, { recursive: true });
  // First the editor without its image cell, then with it: the history has a reported cell's change.
  const editor = path.join(content, `clients/${EDITOR}.md`);
  const whole = await readFile(editor, 'utf8');
  const image = whole.slice(whole.indexOf('  - feature: tools.result.content.image'), whole.indexOf('---\n\nThe kinds'));
  await writeFile(editor, whole.replace(image, ''));
  gitAt(work, ['init', '-q', '-b', 'main'], '2026-11-01T12:00:00Z');
  gitAt(work, ['add', '.'], '2026-11-01T12:00:00Z');
  gitAt(work, ['commit', '-qm', 'Kinds fixture'], '2026-11-01T12:00:00Z');
  await writeFile(editor, whole);
  gitAt(work, ['commit', '-qam', 'The editor drops images, by a report'], '2026-11-15T12:00:00Z');
  const run = await buildContent('kinds', content);
  if (!run.ok) throw new Error(`building the kinds fixture failed:\n${run.stderr || run.stdout}`);
  dist = run.outDir;
}, 240_000);

afterAll(() => rm(work, { recursive: true, force: true }));

/** The HTML of one element that does not nest in itself, from where `start` matches to its end tag. */
const element = (html: string, start: string, tag: string): string => {
  const at = html.indexOf(start);
  expect(at, start).toBeGreaterThan(-1);
  return html.slice(at, html.indexOf(`</${tag}>`, at));
};

/** What a piece of HTML says of how it is known: the kinds its marks name, in order. */
const marks = (html: string): string[] => [...html.matchAll(/class="evidence evidence-(\w+)"/g)].map((match) => match[1] ?? '');

/** A page's body: what a reader sees, without the head's styles (which name every kind's class). */
const body = (html: string) => html.slice(html.indexOf('<body'));

/** An element's text, tags left out. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

describe('the kinds fixture', () => {
  test('passes check: a verdict of another kind beside an observed one is no second verdict', async () => {
    // It built, so check passed; the disagreeing verdicts are in it.
    const cells = MatrixExport.parse(JSON.parse(await read('data/matrix.json')));
    expect(
      cells.find((cell) => cell.client === 'fast-agent' && 'revision' in cell && cell.revision === '2026-07-28'),
    ).toMatchObject({
      state: 'yes',
      evidence: 'observed',
      also: [{ evidence: 'documented', state: 'no', notes: ['editor-docs'] }],
    });
  });
});

describe('JSON exports', () => {
  test('/data/matrix.json and /data/features.json give every known cell its kind; unknown cells have none', async () => {
    const matrix = MatrixExport.parse(JSON.parse(await read('data/matrix.json')));
    const features = FeaturesExport.parse(JSON.parse(await read('data/features.json')));
    const kinds = new Map<string, string | undefined>();
    for (const cell of matrix)
      kinds.set(
        `${cell.client} ${'revision' in cell ? `revision ${cell.revision}` : `capability ${cell.capability}`}`,
        'evidence' in cell ? cell.evidence : undefined,
      );
    for (const cell of features)
      kinds.set(`${cell.client} feature ${cell.feature}`, 'evidence' in cell ? cell.evidence : undefined);
    expect(Object.fromEntries([...kinds].filter(([, kind]) => kind !== undefined))).toEqual(truth);
    // A cell no capture decides has no runs of captured versions: its version is its verdict's.
    for (const cell of features.filter((item) => item.client === EDITOR)) expect(cell.ranges, cell.feature).toEqual([]);
    expect(features.find((cell) => cell.client === EDITOR && cell.feature === 'lifecycle.serverDiscover')).toMatchObject({
      version: '2.0',
    });
    expect(features.find((cell) => cell.client === EDITOR && cell.feature === 'tools.call')).toMatchObject({
      state: 'yes',
      evidence: 'documented',
      also: [
        { evidence: 'reported', state: 'partial', notes: ['editor-forum-report'], caveat: 'Some calls fail, by the report.' },
      ],
    });
  });

  test('/data/history.json names each change with its kind, feature cells included, and never an unobserved one as observed', async () => {
    const history = HistoryExport.parse(JSON.parse(await read('data/history.json')));
    if (!history.available) throw new Error(history.reason);
    expect(history.featureChanges[0]).toMatchObject({
      client: EDITOR,
      feature: 'tools.result.content.image',
      from: { state: 'unknown' },
      to: { state: 'no', evidence: 'reported' },
      text: `${EDITOR} · tools.result.content.image: unknown → no, reported`,
    });
    const all = [...history.changes, ...history.featureChanges];
    for (const change of all) {
      const column =
        'revision' in change
          ? `revision ${change.revision}`
          : 'capability' in change
            ? `capability ${change.capability}`
            : `feature ${change.feature}`;
      expect(change.to.evidence, `${change.client} ${column}`).toBe(truth[`${change.client} ${column}`]);
    }
    expect(all.filter((change) => change.client === EDITOR && change.text.includes('observed'))).toEqual([]);
  });
});

describe('pages', () => {
  test("the matrix: each cell carries its kind as a class whose mark and words the page's style gives; none not observed reads as observed", async () => {
    const page = await read('matrix.html');
    const style = (
      await Promise.all([...page.matchAll(/<link rel="stylesheet" href="\/([^"]+)"/g)].map((match) => read(match[1] ?? '')))
    ).join('');
    for (const kind of evidenceKinds)
      expect(style).toContain(
        `table[data-matrix] td.${evidenceCodes[kind]} .state:after{content:"${evidenceMarks[kind]}";content:"${evidenceMarks[kind]}" / "${evidenceLabels[kind]}"`,
      );
    const seen: string[] = [];
    for (const [axis, table] of [
      ['revision', element(page, 'data-matrix="revision"', 'table')],
      ['capability', element(page, 'data-matrix="capability"', 'table')],
    ] as const) {
      for (const client of ['fast-agent', EDITOR]) {
        const row = element(table, `<tr data-client="${client}"`, 'tr');
        for (const [, code, cell] of row.matchAll(/<td class="cell-\w+ (k\w)"[^>]*>([\s\S]*?)<\/td>/g)) {
          const kind = evidenceKinds.find((item) => evidenceCodes[item] === code);
          expect(kind, `${client} ${axis}`).toBeDefined();
          seen.push(`${client} ${axis} ${kind ?? ''}`);
          // The cell's kind is its class alone: no mark of its own that could say another.
          const decider = (cell ?? '').slice(0, (cell ?? '').search(/<span class="also"|$/));
          expect(marks(decider), `${client} ${axis}`).toEqual([]);
        }
      }
    }
    expect(seen).toEqual(expect.arrayContaining(['fast-agent revision observed', `${EDITOR} revision read`]));
    const editor = element(element(page, 'data-matrix="revision"', 'table'), `<tr data-client="${EDITOR}"`, 'tr');
    expect(editor).toMatch(new RegExp(`<td class="cell-yes ${evidenceCodes.read}"[ >]`));
    expect(editor).not.toContain(` ${evidenceCodes.observed}"`);
    for (const table of ['revision', 'capability'])
      expect(element(element(page, `data-matrix="${table}"`, 'table'), `<tr data-client="${EDITOR}"`, 'tr')).not.toContain(
        'evidence-observed',
      );
    // fast-agent's docs disagree with the wire: the page shows both, and the observed one decides.
    const disagreed = element(element(page, 'data-matrix="revision"', 'table'), '<tr data-client="fast-agent"', 'tr');
    expect(text(disagreed)).toContain(`+${evidenceMarks.documented} no , also ${evidenceLabels.documented}: no`);
    expect(disagreed).toMatch(new RegExp(`<td class="cell-yes ${evidenceCodes.observed}"[ >]`));
  });

  test("the editor's client page says each kind in words, shows the report beside the docs, and nothing is observed", async () => {
    const page = body(await read(`clients/${EDITOR}.html`));
    expect(page).not.toContain('evidence-observed');
    expect(page).not.toContain(evidenceLabels.observed);
    const support = text(element(page, 'id="support"', 'section'));
    expect(support).toContain(`2025-11-25 ✓ yes ${evidenceMarks.read} ${evidenceLabels.read} as of 2.0`);
    expect(support).toContain(`Tools ✓ yes ${evidenceMarks.documented} ${evidenceLabels.documented}`);
    expect(support).toContain(`Protocol versions ◐ partial ${evidenceMarks.reported} ${evidenceLabels.reported}`);
    const features = element(page, 'id="client-features"', 'section');
    expect(text(features)).toContain(
      `Tool calls ✓ yes ${evidenceMarks.documented} ${evidenceLabels.documented} Also ${evidenceMarks.reported} ${evidenceLabels.reported}: partial (disagrees) (Some calls fail, by the report.):`,
    );
    expect(marks(features)).toEqual(['read', 'documented', 'reported']);
  });

  test("fast-agent's client page shows its docs' claim beside the observed cell, which decides", async () => {
    const support = element(await read('clients/fast-agent.html'), 'id="support"', 'section');
    const row = element(support, '<tr id="verdict-revision-2026-07-28"', 'tr');
    expect(text(row)).toContain(`✓ yes ${evidenceMarks.observed} ${evidenceLabels.observed}`);
    expect(text(row)).toContain(`Also ${evidenceMarks.documented} ${evidenceLabels.documented}: no (disagrees)`);
  });

  test('feature pages: a row per client with its kind, the report beside the docs, and a filter by kind that needs no script', async () => {
    const page = body(await read('features/tools/call.html'));
    const row = element(page, `<tr data-client="${EDITOR}"`, 'tr');
    expect(row).toMatch(new RegExp(`^<tr data-client="${EDITOR}" data-evidence="documented"`));
    expect(marks(row)).toEqual(['documented']);
    expect(text(row)).toContain(`Also ${evidenceMarks.reported} ${evidenceLabels.reported}: partial (disagrees)`);
    expect(page).not.toContain('evidence-observed');
    const image = element(await read('features/tools/result/content/image.html'), `<tr data-client="${EDITOR}"`, 'tr');
    expect(image).toContain('data-evidence="reported"');
    expect(text(image)).toContain(evidenceLabels.reported);
    // The filter: a checkbox per kind, and the rules that hide each kind's rows and cells in the page's own style.
    for (const file of ['features/tools/call.html', 'matrix.html', 'features.html']) {
      const html = await read(file);
      for (const kind of evidenceKinds) {
        expect(html, file).toContain(`<input type="checkbox" id="kinds-${kind}" data-kind-filter="${kind}" checked>`);
        expect(html, file).toContain(`:root:has(#kinds-${kind}:not(:checked)) tr[data-evidence=${kind}]`);
        expect(html, file).toContain(`:root:has(#kinds-${kind}:not(:checked)) td.${evidenceCodes[kind]}`);
      }
    }
  });

  test('revision and capability pages show each cell with its kind', async () => {
    const revision = element(await read('revisions/2025-11-25.html'), 'id="client-support"', 'section');
    expect(revision).toContain('data-evidence="read"');
    expect(marks(revision)).toEqual(['read']);
    const capability = element(await read('capabilities/tools.html'), 'id="client-support"', 'section');
    expect(marks(capability)).toEqual(['documented']);
    const versions = element(await read('capabilities/protocolVersions.html'), 'id="client-support"', 'section');
    expect(marks(versions)).toEqual(['observed', 'reported']);
  });

  test("the features grid marks each cell's kind with a class whose mark and words the page's style gives", async () => {
    const page = await read('features.html');
    const grid = element(page, 'class="feature-grid"', 'table');
    const rowOf = (feature: string) => element(grid, `href="/features/${feature}">`, 'tr');
    expect(rowOf('tools/call')).toContain(`<td class="y ${evidenceCodes.documented}">`);
    expect(rowOf('tools/result/content/image')).toContain(`<td class="n ${evidenceCodes.reported}">`);
    expect(rowOf('lifecycle/serverDiscover')).toContain(`<td class="y ${evidenceCodes.observed}">`);
    expect(rowOf('lifecycle/serverDiscover')).toContain(`<td class="y ${evidenceCodes.read}">`);
    for (const kind of evidenceKinds)
      expect(page).toContain(
        `.feature-grid .${evidenceCodes[kind]}:after{content:"${evidenceMarks[kind]}";content:"${evidenceMarks[kind]}" / "${evidenceLabels[kind]}"`,
      );
  });

  test("a feature's status says which kinds it rests on, and a core cell no capture decides is never 'newest captured'", async () => {
    const status = element(await read('features/lifecycle/serverDiscover.html'), 'class="status"', 'section');
    expect(status).toContain('data-status-kinds="observed read"');
    expect(text(status)).toContain(
      `It rests on what was ${evidenceMarks.observed} ${evidenceLabels.observed} and ${evidenceMarks.read} ${evidenceLabels.read} .`,
    );
    const editor = element(status, `<li data-evidence="read"`, 'li');
    expect(text(editor)).toBe(`Example Editor : yes ${evidenceMarks.read} ${evidenceLabels.read} (as of 2.0)`);
    expect(status).toContain('alt="Sends server/discover: every core client, partly read in code"');
  });
});

describe('twins', () => {
  test("matrix.md, the client's and the feature's twins write each kind, and the other kind's claim beside", async () => {
    const matrix = await read('matrix.md');
    const editorRows = matrix.split('\n').filter((line) => line.startsWith('| [Example Editor]'));
    expect(editorRows).toHaveLength(2);
    for (const row of editorRows) expect(row).not.toContain(evidenceMarks.observed);
    expect(editorRows.join('\n')).toContain(`${evidenceMarks.read} ${evidenceNames.read}`);
    expect(editorRows.join('\n')).toContain(`${evidenceMarks.documented} ${evidenceNames.documented}`);
    expect(editorRows.join('\n')).toContain(`${evidenceMarks.reported} ${evidenceNames.reported}`);
    expect(matrix).toContain(
      `· also ${evidenceMarks.documented} ${evidenceNames.documented}: no (disagrees) [editor-docs](/research/editor-docs.md)`,
    );

    const client = await read(`clients/${EDITOR}.md`);
    expect(client).not.toContain(evidenceMarks.observed);
    expect(client).toContain(
      `| [Tool calls](/features/tools/call.md) | ✓ yes | — | ${evidenceMarks.documented} ${evidenceNames.documented}; also ${evidenceMarks.reported} ${evidenceNames.reported}: partial (disagrees) | — |`,
    );
    expect(client).toContain(
      `| [Sends server/discover](/features/lifecycle/serverDiscover.md) | ✓ yes | as of 2.0 | ${evidenceMarks.read} ${evidenceNames.read} | — |`,
    );

    const feature = await read('features/tools/call.md');
    const row = feature.split('\n').find((line) => line.startsWith('| [Example Editor]')) ?? '';
    expect(row).toContain(
      `| ${evidenceMarks.documented} ${evidenceNames.documented}; also ${evidenceMarks.reported} ${evidenceNames.reported}: partial (disagrees) ([Kinds fixture: a third party's report on the editor](/research/editor-forum-report.md)) |`,
    );
  });
});

describe('badges', () => {
  test("a cell's badge says how it is known unless it was observed; the status badge names the kinds beside observed", async () => {
    const label = async (file: string) => /aria-label="([^"]*)"/.exec(await read(file))?.[1];
    expect(await label(`badges/tools/call/${EDITOR}.svg`)).toBe('Example Editor: Tool calls: yes (documented)');
    expect(await label(`badges/tools/result/content/image/${EDITOR}.svg`)).toBe(
      'Example Editor: Image results reach the model: no (reported by a third party)',
    );
    expect(await label(`badges/lifecycle/serverDiscover/${EDITOR}.svg`)).toBe(
      'Example Editor: Sends server/discover: yes (read in code)',
    );
    expect(await label('badges/lifecycle/serverDiscover/fast-agent.svg')).toBe('fast-agent: Sends server/discover: yes');
    expect(await label('badges/lifecycle/serverDiscover.svg')).toBe(
      'Sends server/discover: every core client, partly read in code',
    );
    // A status not yet known rests on no kind, whatever some core cells are known by.
    expect(await label('badges/tools/call.svg')).toBe('Tool calls: not yet known');
    for (const [cell] of notObserved.filter(([key]) => key.includes(' feature '))) {
      const [client, , feature] = cell.split(' ');
      expect(await label(`badges/${(feature ?? '').replaceAll('.', '/')}/${client}.svg`), cell).not.toMatch(/observed/);
    }
  });
});

describe('the server check and the data package', () => {
  test('a finding resting on a cell no capture decides says how it is known, in words and in known', async () => {
    const data = checkDataOf(JSON.parse(await read('data/features.json')), JSON.parse(await read('data/clients.json')));
    const server = readServerInput({
      initialize: { protocolVersion: '2025-11-25', capabilities: { tools: {} }, serverInfo: { name: 'shots', version: '1' } },
      tools: { tools: [{ name: 'screenshot', inputSchema: { type: 'object' } }] },
      results: { screenshot: { content: [{ type: 'image', data: 'AAAA', mimeType: 'image/png' }] } },
    });
    if (!server.ok) throw new Error(JSON.stringify(server.problems));
    const reports = checkServer(server.server, data);
    const editor = reports
      .find((report) => report.client === EDITOR)
      ?.findings.find((finding) => finding.feature === 'tools.result.content.image');
    expect(editor).toMatchObject({ known: 'reported', kind: 'lost' });
    expect(editor?.finding).toContain(`(${evidenceLabels.reported}, not observed)`);
    const json = JSON.parse(findingsJson(reports)) as {
      client: string;
      known?: string;
      finding: string;
    }[];
    for (const finding of json.filter((item) => item.client === EDITOR)) {
      expect(finding.known).not.toBe('observed');
      expect(finding.finding).not.toMatch(/observed on the wire/);
    }
    expect(json.filter((item) => item.client === EDITOR && item.known === 'reported')).not.toEqual([]);
  });

  test("lookup() keeps FORMAT.md's features and says beside them how each is known; nothing the editor has is observed", async () => {
    const out = path.join(work, 'package');
    await writeDataPackage(dist, out, { origin: 'https://canimcp.io', day: '2026-11-30' });
    const { lookup } = (await import(pathToFileURL(path.join(out, 'index.js')).href)) as {
      lookup: (seen: unknown) => { features: Record<string, string>; evidence: Record<string, string> } | null;
    };
    const seen = lookup({ clientInfo: { name: 'example-editor', version: '2.0' } });
    expect(seen).toMatchObject({
      features: { 'lifecycle.serverDiscover': 'yes', 'tools.call': 'yes', 'tools.result.content.image': 'no' },
      evidence: { 'lifecycle.serverDiscover': 'read', 'tools.call': 'documented', 'tools.result.content.image': 'reported' },
    });
    expect(Object.values(seen?.evidence ?? {})).not.toContain('observed');
    expect(await readFile(path.join(out, 'index.d.ts'), 'utf8')).toContain(
      "export type EvidenceKind = 'observed' | 'read' | 'documented' | 'reported';",
    );
  });
});
