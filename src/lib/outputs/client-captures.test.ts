import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { checkCapture, type Capture } from '../content/capture-rules.ts';
import { firstDeclaredCapabilities as declaredCapabilities } from '../mcp/capabilities.ts';
import { clientIdentities, clientTimeline, compareVersionsDescending } from './client-captures.ts';

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
