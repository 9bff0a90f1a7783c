/**
 * The site shows a drift report (content/drift.json, from `npm run drift -- --write`): the fixture
 * content plus a report is built through the public command, and a note whose source changed
 * upstream says so on its page and in its twin, a verdict checked before the newest release says so
 * on the matrix and client pages, in the matrix twin and in /data/matrix.json. The fixture site the
 * global setup built has no report: nothing there is marked, and the reference twin is unchanged.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { repoRoot } from '../src/node/paths.ts';
import { MatrixExport } from '../src/schema/export.ts';
import { listFiles } from './support/dist.ts';
import { buildContent, fixtureContent, fixtureDist, requireDist } from './support/site.ts';

const marked = 'fast-agent-leads-with-the-modern-discover-probe';
const reference = 'hermes-leads-with-the-legacy-handshake';
const at = { file: 'content/x.md', line: 1, column: 1 };
const report = {
  drift: 1,
  checked: '2026-11-29',
  releases: [{ client: 'hermes-agent', package: 'hermes-agent', version: 'fixture-2.0', date: '2026-11-28', at }],
  verdicts: [
    {
      client: 'hermes-agent',
      axis: 'revision',
      column: '2026-07-28',
      version: 'fixture-1.0',
      newest: 'fixture-2.0',
      released: '2026-11-28',
      evidence: 'read',
      at,
    },
  ],
  sources: [
    {
      note: marked,
      url: 'https://github.com/evalstate/fast-agent',
      commit: '610a2f57',
      path: 'src/fast_agent/mcp/client_connection.py:62-108',
      status: 'changed',
      files: [{ file: 'src/fast_agent/mcp/client_connection.py', status: 'changed', lines: '62-108' }],
      at,
    },
    // Unreachable and unchanged sources are not marked.
    {
      note: reference,
      url: 'https://github.com/NousResearch/hermes-agent',
      commit: '9dcf7714',
      path: 'tools/mcp_tool_transport.py:188-252',
      status: 'unreachable',
      files: [],
      detail: 'Could not resolve host',
      at,
    },
  ],
};

let work: string;
let dist: string;
const page = (dir: string, file: string) => readFile(path.join(dir, file), 'utf8');

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'canimcp-drift-site-'));
  const content = path.join(work, 'content');
  await cp(fixtureContent, content, { recursive: true });
  await writeFile(path.join(content, 'drift.json'), `${JSON.stringify(report, null, 2)}\n`);
  const result = await buildContent('drift', content);
  if (!result.ok) throw new Error(`building the fixture with a drift report failed:\n${result.stderr || result.stdout}`);
  dist = result.outDir;
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a build with a drift report', () => {
  test('a note whose source changed upstream says so on its page', async () => {
    const html = await page(dist, `research/${marked}.html`);
    expect(html).toMatch(/<strong id="drift"[^>]*>Changed upstream\.<\/strong> On <time datetime="2026-11-29"/);
    expect(html).toContain('src/fast_agent/mcp/client_connection.py:62-108</code> at <code');
  });

  test('its twin says so on the line after the meta line, and nothing else in it moves', async () => {
    // The copy is not in git, so its last-updated is the build date: the one line allowed to differ.
    const undated = (text: string) => text.replace(/^last-updated: .*$/m, 'last-updated: (date)');
    const twin = undated(await page(dist, `research/${marked}.md`));
    const without = undated(await page(requireDist(fixtureDist), `research/${marked}.md`));
    const line =
      'Changed upstream (checked 2026-11-29): `src/fast_agent/mcp/client_connection.py:62-108` at commit `610a2f57`: changed';
    const meta = without.split('\n').find((text) => text.startsWith('Kind: '));
    expect(twin).toBe(without.replace(`${meta}\n\n`, `${meta}\n\n${line}\n\n`));
  });

  test('a note whose sources were unreachable or unchanged is not marked: the reference twin stays byte for byte', async () => {
    expect(await page(dist, `research/${reference}.md`)).toBe(
      await readFile(path.join(repoRoot, 'tests/fixtures/reference', `${reference}.md`), 'utf8'),
    );
    expect(await page(dist, `research/${reference}.html`)).not.toContain('Changed upstream');
  });

  test('a cell verified before the newest release says so on the matrix and client pages and in their twins', async () => {
    // The matrix cell says it in a few words and links its row on the client page, which says it whole.
    expect(await page(dist, 'matrix.html')).toContain('<span class="newer">fixture-2.0 is out</span>');
    expect(await page(dist, 'clients/hermes-agent.html')).toMatch(
      /may be stale: fixture-2\.0 is out \(<time datetime="2026-11-28"[^>]*>2026-11-28<\/time>\), checked <time datetime="2026-11-29"/,
    );
    for (const file of ['matrix.md', 'clients/hermes-agent.md']) {
      expect(await page(dist, file), file).toContain(
        '◐ partial · ○ read · version fixture-1.0 · newer release fixture-2.0 (checked 2026-11-29) ·',
      );
    }
  });

  test('/data/matrix.json gives such a cell the newest version and the day it was checked, and no other', async () => {
    const cells = MatrixExport.parse(JSON.parse(await page(dist, 'data/matrix.json')));
    expect(cells.filter((cell) => 'newerRelease' in cell)).toEqual([
      expect.objectContaining({
        client: 'hermes-agent',
        revision: '2026-07-28',
        version: 'fixture-1.0',
        newerRelease: { version: 'fixture-2.0', date: '2026-11-28', checked: '2026-11-29' },
      }),
    ]);
  });
});

describe('a build without a drift report', () => {
  test('marks nothing: no page, twin or cell says it may be stale', async () => {
    const dir = requireDist(fixtureDist);
    const cells = MatrixExport.parse(JSON.parse(await page(dir, 'data/matrix.json')));
    expect(cells.some((cell) => 'newerRelease' in cell)).toBe(false);
    const files = listFiles(dir).filter((file) => /\.(html|md)$/.test(file));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = await page(dir, file);
      expect(text, file).not.toContain('Changed upstream');
      expect(text, file).not.toContain('may be stale:');
      expect(text, file).not.toContain('newer release');
    }
  });
});
