import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { repoRoot } from '../../node/paths.ts';
import { clientIds, readCapture } from '../../probe/read-capture.ts';
import type { Capture } from '../evidence/capture.ts';
import { faceOf } from '../evidence/capture-face.ts';
import { cellEvidence, faceLabel, featureObservations, judgeCell } from './cell-observations.ts';
import { formatRuns, versionRuns } from './version-runs.ts';

/** A capture of `client` at `version` from its JSON-RPC messages, alternating as given. */
const capture = (
  id: string,
  header: { version: string; persona: string; command?: string; client?: string; transport?: 'stdio' | 'http' },
  messages: ['client' | 'probe', Record<string, unknown>][],
): Capture => ({
  id,
  file: `content/captures/${id}.jsonl`,
  sha256: '0'.repeat(64),
  header: {
    capture: 1,
    client: header.client ?? 'copilot-cli',
    version: header.version,
    path: 'cli',
    transport: header.transport ?? 'stdio',
    persona: header.persona,
    capturedAt: '2026-12-01T00:00:00Z',
    probe: '0.1.0',
    ...(header.command === undefined ? {} : { command: header.command }),
  },
  events: messages.map(([from, message], index) => ({
    seq: index + 1,
    t: index,
    from,
    kind: 'message' as const,
    raw: JSON.stringify({ jsonrpc: '2.0', ...message }),
  })),
});

const init = (version: string, capabilities: Record<string, unknown> = {}, name = 'copilot-cli') =>
  ({
    id: 0,
    method: 'initialize',
    params: { protocolVersion: version, capabilities, clientInfo: { name, version: '1' } },
  }) as const;
const answer = (version: string) => ({
  id: 0,
  result: { protocolVersion: version, capabilities: {}, serverInfo: { name: 'p', version: '1' } },
});
const initialized = { method: 'notifications/initialized' };

const holds = (
  id: string,
  version: string,
  revision: string,
  capabilities: Record<string, unknown> = {},
  command = 'copilot -p hi',
) =>
  capture(id, { version, persona: `legacy:${revision}`, command }, [
    ['client', init(revision, capabilities)],
    ['probe', answer(revision)],
    ['client', initialized],
  ]);

describe('judgeCell', () => {
  const revision = (state: 'yes' | 'partial' | 'no' = 'yes') => ({ axis: 'revision', column: '2025-11-25', state }) as const;
  test.each([
    [
      'a legacy persona at the revision, answered and initialized, holds it',
      holds('a', '1.0.11', '2025-11-25'),
      revision(),
      'yes',
    ],
    ['a held session agrees with a partial verdict', holds('a', '1.0.11', '2025-11-25'), revision('partial'), 'partial'],
    [
      'a client that stops after the answer does not',
      capture('b', { version: '1', persona: 'legacy:2025-11-25' }, [
        ['client', init('2025-06-18')],
        ['probe', answer('2025-11-25')],
      ]),
      revision(),
      'no',
    ],
    ['another revision’s persona decides nothing', holds('c', '1', '2024-11-05'), revision(), undefined],
    [
      'an observing persona decides the revision the client opened with and held',
      capture('d', { version: '1', persona: 'observe' }, [
        ['client', init('2025-11-25')],
        ['probe', answer('2025-11-25')],
        ['client', initialized],
      ]),
      revision(),
      'yes',
    ],
    [
      'an observing persona never decides a no: the client chose',
      capture('d', { version: '1', persona: 'observe' }, [
        ['client', init('2025-11-25')],
        ['probe', answer('2025-11-25')],
      ]),
      revision(),
      undefined,
    ],
    [
      'nor a session after server/discover, which offered the modern era too',
      capture('d', { version: '1', persona: 'observe' }, [
        ['client', { id: 9, method: 'server/discover', params: {} }],
        ['probe', { id: 9, result: {} }],
        ['client', init('2025-11-25')],
        ['probe', answer('2025-11-25')],
        ['client', initialized],
      ]),
      revision(),
      undefined,
    ],
  ] as const)('%s', (_name, made, cell, expected) => {
    expect(judgeCell(made, cell)).toBe(expected);
  });

  test.each([
    ['not declared is no', {}, 'partial', 'no'],
    ['declared and never asked agrees with the verdict', { sampling: {} }, 'partial', 'partial'],
    ['declared and never asked against a no verdict is partial, not no', { sampling: {} }, 'no', 'partial'],
  ] as const)('a capability %s', (_name, capabilities, state, expected) => {
    expect(judgeCell(holds('e', '1', '2025-11-25', capabilities), { axis: 'capability', column: 'sampling', state })).toBe(
      expected,
    );
  });

  test('a capability whose request the client answers is yes; one it refuses is partial', () => {
    const asked = (reply: Record<string, unknown>) =>
      capture('f', { version: '1', persona: 'observe' }, [
        ['client', init('2025-11-25', { roots: {} })],
        ['probe', answer('2025-11-25')],
        ['client', initialized],
        ['probe', { id: 7, method: 'roots/list' }],
        ['client', { id: 7, ...reply }],
      ]);
    expect(judgeCell(asked({ result: { roots: [] } }), { axis: 'capability', column: 'roots', state: 'partial' })).toBe('yes');
    expect(
      judgeCell(asked({ error: { code: -32601, message: 'no' } }), { axis: 'capability', column: 'roots', state: 'yes' }),
    ).toBe('partial');
  });

  test('tasks declared as the 2026-07-28 extension count as tasks; tools are not a client declaration', () => {
    const made = holds('g', '1', '2025-11-25', { extensions: { 'io.modelcontextprotocol/tasks': {} } });
    expect(judgeCell(made, { axis: 'capability', column: 'tasks', state: 'yes' })).toBe('yes');
    expect(judgeCell(made, { axis: 'capability', column: 'tools', state: 'yes' })).toBeUndefined();
  });
});

describe('cellEvidence', () => {
  const verdict = { revision: '2025-11-25', state: 'yes', notes: ['session-note', 'other-note'] } as const;

  test('takes the captures the notes cite of the verdict’s client, once each, and only those that decide the cell', () => {
    const cited = {
      'session-note': [
        holds('s1', '1.0.11', '2025-11-25'),
        holds('s2', '1.0.102', '2025-11-25'),
        holds('x', '1.0.50', '2024-11-05'),
      ],
      'other-note': [
        holds('s1', '1.0.11', '2025-11-25'),
        { ...holds('o', '9', '2025-11-25'), header: { ...holds('o', '9', '2025-11-25').header, client: 'codex' } },
      ],
    } as Record<string, Capture[]>;
    const { observations, face } = cellEvidence({ client: 'copilot-cli', verdict, capturesOf: (note) => cited[note] ?? [] });
    expect(observations.map((item) => `${item.capture}@${item.version}:${item.state}`).sort()).toEqual([
      's1@1.0.11:yes',
      's2@1.0.102:yes',
    ]);
    expect(face).toBe('copilot -p hi (cli, stdio)');
  });

  test('never mixes a health check’s captures into the session’s cell', () => {
    const session = [holds('s1', '0.24.4', '2025-11-25'), holds('s2', '0.7.1', '2025-11-25')];
    const check = capture('h', { version: '0.12.0', persona: 'legacy:2025-11-25', command: 'qwen mcp list' }, [
      ['client', init('2025-11-25', {}, 'mcp-test-client')],
      ['probe', answer('2025-11-25')],
    ]);
    const { observations } = cellEvidence({
      client: 'copilot-cli',
      verdict,
      capturesOf: (note) => (note === 'session-note' ? [...session, check] : []),
    });
    expect(observations.map((item) => item.capture).sort()).toEqual(['s1', 's2']);
  });

  test('a health check alone is the face its cell speaks for, and says so', () => {
    const checks = [
      holds('k1', '7.0.33', '2025-11-25', {}, 'kilo mcp list'),
      holds('k2', '7.7.7', '2025-11-25', {}, 'kilo mcp list'),
    ];
    const { observations, face } = cellEvidence({ client: 'copilot-cli', verdict, capturesOf: () => checks });
    expect(observations).toHaveLength(2);
    expect(face).toBe('kilo mcp list (cli, stdio)');
  });

  test("a capture of another face of the same kind splits a run it contradicts (issue 39's Codex elicitation)", () => {
    // The handshake face saw elicitation declared at 0.77.0 and 0.171.0; a tool-results run of 0.118.0,
    // another command that no note cites, declared no capability at all.
    const observe = (id: string, version: string, capabilities: Record<string, unknown>, command: string) =>
      capture(id, { version, persona: 'observe', command, client: 'codex' }, [
        ['client', init('2025-06-18', capabilities, 'codex-mcp-client')],
        ['probe', answer('2025-06-18')],
        ['client', initialized],
      ]);
    const hi = 'codex exec --skip-git-repo-check hi';
    const cited = [observe('h1', '0.77.0', { elicitation: {} }, hi), observe('h2', '0.171.0', { elicitation: {} }, hi)];
    const toolResults = observe('t1', '0.118.0', {}, "codex exec --skip-git-repo-check --json 'Call each tool'");
    const check = capture('m1', { version: '0.120.0', persona: 'observe', command: 'codex mcp list', client: 'codex' }, [
      ['client', init('2025-06-18', {}, 'codex-mcp-client')],
      ['probe', answer('2025-06-18')],
    ]);
    const { observations, otherFaces } = cellEvidence({
      client: 'codex',
      verdict: { capability: 'elicitation', state: 'partial', notes: ['n'] },
      capturesOf: () => cited,
      others: [...cited, toolResults, check],
    });
    expect(formatRuns(versionRuns(observations, otherFaces))).toBe(
      '0.77.0: partial · 0.118.0: no (in codex exec --skip-git-repo-check --json … (cli, stdio)) · 0.171.0: partial',
    );
    expect(otherFaces.map((item) => item.capture)).toEqual(['t1']);
  });
});

describe('faceLabel', () => {
  test('names a face by its command, path and transport, with the task a quoted argument gives left out', () => {
    expect(faceLabel('cli · stdio · claude mcp list')).toBe('claude mcp list (cli, stdio)');
    expect(faceLabel("cli · stdio · gemini -p 'Call each tool, then say '\\''done'\\''' --yolo")).toBe(
      'gemini -p … --yolo (cli, stdio)',
    );
    expect(faceLabel('sdk · http · ')).toBe('sdk, http');
  });
});

describe('captures made under a setting', () => {
  const content = path.join(repoRoot, 'content');
  const clients = clientIds(content);
  const read = (id: string): Capture => {
    const { capture, problems } = readCapture(path.join(content, 'captures', `${id}.jsonl`), clients);
    if (capture === undefined) throw new Error(problems.map((problem) => problem.message).join('\n'));
    return capture;
  };

  test("never join the default face's run, though the command line is the same", () => {
    // Codex 0.171.0, `codex exec --skip-git-repo-check --json hi` both times: by default it sends
    // initialize; with its opt-in 2026-07-28 mode on (a switch in its configuration file, so only the
    // header's setting says so) it sends server/discover. Read as one face, 0.171.0 was "partial".
    const byDefault = read('codex-0-171-0-modern-only-stdio-20261203-074429');
    const optIn = read('codex-0-171-0-true-modern-only-stdio-20261208-010517');
    expect(optIn.header.command).toBe(byDefault.header.command);
    const observations = featureObservations({
      client: 'codex',
      feature: 'lifecycle.serverDiscover',
      notes: ['default'],
      capturesOf: () => [byDefault],
      others: [optIn],
    });
    expect(formatRuns(versionRuns(observations))).toBe('0.171.0: no');
    const underSetting = featureObservations({
      client: 'codex',
      feature: 'lifecycle.serverDiscover',
      notes: ['opt-in'],
      capturesOf: () => [optIn],
      others: [byDefault],
    });
    expect(formatRuns(versionRuns(underSetting))).toBe('0.171.0: yes');
    expect(faceLabel(faceOf(optIn))).toBe(
      'codex exec --skip-git-repo-check --json hi (setting features.mcp_2026_07_28=true) (cli, stdio)',
    );
  });
});
