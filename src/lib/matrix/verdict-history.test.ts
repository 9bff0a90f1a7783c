import { describe, expect, test } from 'vitest';
import {
  applyFiles,
  clientHistory,
  describeChange,
  diffStates,
  emptyState,
  exportHistory,
  formatChange,
  readVerdicts,
  verdictHistory,
  type CommitFiles,
} from './verdict-history.ts';
import { HistoryExport } from '../../schema/export.ts';

const client = (support: string) =>
  `---\nname: Codex\nhomepage: https://example.com/codex\n${support === '' ? '' : `support:\n${support}`}---\n\nCodex.\n`;
const verdict = (fields: string) =>
  fields
    .split('\n')
    .map((line, index) => (index === 0 ? `  - ${line}` : `    ${line}`))
    .join('\n') + '\n';
const note = (captures: string[]) =>
  `---\ntitle: A note\nsources:\n${captures.map((id) => `  - capture: ${id}\n    title: t\n`).join('')}  - url: https://example.com\n    title: web\n---\nBody.\n`;
const capture = (clientId: string) => `{"capture":1,"client":"${clientId}","version":"1"}\n`;

const commit = (n: number, files: CommitFiles['files']): CommitFiles => ({
  commit: String(n).repeat(40).slice(0, 40),
  date: `2026-0${n}-01T12:00:00Z`,
  subject: `commit ${n}`,
  files,
});

describe('readVerdicts', () => {
  test('reads each verdict by cell with its state, version and notes', () => {
    const { verdicts, unreadable } = readVerdicts(
      client(
        verdict('capability: elicitation\nstate: partial\ncaveat: "Form mode only."\nnotes: [a]\nversion: "0.168.0"') +
          verdict('revision: 2025-11-25\nstate: yes\nnotes: [b]'),
      ),
    );
    expect(unreadable).toBeUndefined();
    expect(Object.fromEntries(verdicts)).toEqual({
      'capability:elicitation': { state: 'partial', version: '0.168.0', notes: ['a'] },
      'revision:2025-11-25': { state: 'yes', notes: ['b'] },
    });
  });

  test('a verdict the schema refuses keeps the cell as it was, and says why', () => {
    const previous = new Map([['capability:elicitation', { state: 'yes' as const, notes: ['a'] }]]);
    // partial without a caveat: refused today.
    const { verdicts, unreadable } = readVerdicts(
      client(
        verdict('capability: elicitation\nstate: partial\nnotes: [a]') + verdict('capability: tools\nstate: no\nnotes: [c]'),
      ),
      previous,
    );
    expect(verdicts.get('capability:elicitation')).toEqual({ state: 'yes', notes: ['a'] });
    expect(verdicts.get('capability:tools')).toEqual({ state: 'no', notes: ['c'] });
    expect(unreadable).toMatch(/^support\[0\]: required when state is partial/);
  });

  test('a file whose YAML does not parse keeps every cell, and says why', () => {
    const previous = new Map([['revision:2025-11-25', { state: 'no' as const, notes: ['a'] }]]);
    const { verdicts, unreadable } = readVerdicts('---\nname: [unclosed\n---\n', previous);
    expect(Object.fromEntries(verdicts)).toEqual(Object.fromEntries(previous));
    expect(unreadable).toMatch(/^invalid YAML frontmatter/);
  });

  test('a client without support has no verdicts', () => {
    expect(readVerdicts(client('')).verdicts.size).toBe(0);
  });
});

describe('diffStates', () => {
  const state = (files: CommitFiles['files']) => applyFiles(emptyState(), files).state;

  test('evidence is observed where a cited note cites a capture of that client, else the kind the verdict names', () => {
    const files = [
      { path: 'clients/codex.md', text: client(verdict('capability: tools\nstate: yes\nnotes: [n]\nevidence: read')) },
      { path: 'research/n.md', text: note(['codex-1']) },
    ];
    const read = state([...files, { path: 'captures/codex-1.jsonl', text: capture('claude-code') }]);
    const observed = state([...files, { path: 'captures/codex-1.jsonl', text: capture('codex') }]);
    expect(diffStates(read, observed)).toEqual([
      {
        client: 'codex',
        axis: 'capability',
        column: 'tools',
        from: { state: 'yes', evidence: 'read' },
        to: { state: 'yes', evidence: 'observed' },
      },
    ]);
  });

  test("an older commit's verdict that names no kind keeps its state and has no kind: never observed, nor read", () => {
    const before = state([{ path: 'clients/codex.md', text: client(verdict('capability: tools\nstate: yes\nnotes: [n]')) }]);
    const after = state([
      { path: 'clients/codex.md', text: client(verdict('capability: tools\nstate: yes\nnotes: [n]\nevidence: documented')) },
    ]);
    expect(diffStates(before, after).map(formatChange)).toEqual(['codex · tools: yes → yes, documented']);
  });

  test("a cell's change follows its deciding verdict: another kind beside it, or one under a setting, changes nothing", () => {
    const files = (extra: string) => [
      {
        path: 'clients/codex.md',
        text: client(verdict('capability: tools\nstate: no\nnotes: [n]\nevidence: documented') + extra),
      },
      { path: 'research/n.md', text: note([]) },
    ];
    const before = state(files(''));
    const beside = state(files(verdict('capability: tools\nstate: yes\nnotes: [m]\nevidence: reported')));
    const setting = state(files(verdict('capability: tools\nstate: yes\nnotes: [m]\nevidence: read\nsetting: x=1')));
    const stronger = state(files(verdict('capability: tools\nstate: yes\nnotes: [m]\nevidence: read')));
    expect(diffStates(before, beside)).toEqual([]);
    expect(diffStates(before, setting)).toEqual([]);
    expect(diffStates(before, stronger).map(formatChange)).toEqual(['codex · tools: no, documented → yes, read']);
  });

  test('cells added come from unknown, cells removed go to unknown, unchanged cells are left out', () => {
    const before = state([
      {
        path: 'clients/codex.md',
        text: client(
          verdict('capability: tools\nstate: yes\nnotes: [n]') +
            verdict('revision: 2025-06-18\nstate: no\nnotes: [n]\nevidence: read'),
        ),
      },
    ]);
    const after = state([
      {
        path: 'clients/codex.md',
        text: client(
          verdict('capability: tools\nstate: yes\nnotes: [n]') +
            verdict('revision: 2025-11-25\nstate: yes\nnotes: [n]\nevidence: reported'),
        ),
      },
    ]);
    expect(diffStates(before, after).map(formatChange)).toEqual([
      'codex · 2025-06-18: no, read → unknown',
      'codex · 2025-11-25: unknown → yes, reported',
    ]);
  });

  test('a caveat or the notes alone changing is no change of the cell', () => {
    const before = state([
      { path: 'clients/codex.md', text: client(verdict('capability: tools\nstate: partial\ncaveat: "One."\nnotes: [n]')) },
    ]);
    const after = state([
      { path: 'clients/codex.md', text: client(verdict('capability: tools\nstate: partial\ncaveat: "Two."\nnotes: [m]')) },
    ]);
    expect(diffStates(before, after)).toEqual([]);
  });
});

describe('describeChange', () => {
  test.each([
    [
      { state: 'partial', version: '0.169.0', evidence: 'observed' },
      { state: 'yes', version: '0.169.0', evidence: 'observed' },
      'partial → yes, 0.169.0, observed',
    ],
    [
      { state: 'yes', version: '0.168.0', evidence: 'read' },
      { state: 'yes', version: '0.169.0', evidence: 'observed' },
      'yes, 0.168.0, read → yes, 0.169.0, observed',
    ],
    [
      { state: 'yes', evidence: 'read' },
      { state: 'yes', version: '0.169.0', evidence: 'read' },
      'yes, no version → yes, 0.169.0, read',
    ],
    [{ state: 'yes', version: '1', evidence: 'read' }, { state: 'yes', evidence: 'read' }, 'yes, 1 → yes, read'],
    [{ state: 'unknown' }, { state: 'no', evidence: 'read' }, 'unknown → no, read'],
    [{ state: 'no', version: '2', evidence: 'observed' }, { state: 'unknown' }, 'no, 2, observed → unknown'],
  ] as const)('%o to %o reads %s', (from, to, text) => {
    expect(describeChange({ from, to })).toBe(text);
  });
});

describe('verdictHistory', () => {
  const history = verdictHistory([
    commit(1, [
      {
        path: 'clients/codex.md',
        text: client(verdict('capability: elicitation\nstate: partial\ncaveat: "Form only."\nnotes: [n]\nversion: "0.168.0"')),
      },
      { path: 'research/n.md', text: note([]) },
    ]),
    // A commit that touches nothing the history reads changes nothing.
    commit(2, [{ path: 'revisions/2025-11-25.md', text: '---\n---\n' }]),
    commit(3, [
      {
        path: 'clients/codex.md',
        text: client(
          verdict('capability: elicitation\nstate: yes\nnotes: [n]\nversion: "0.169.0"') +
            verdict('feature: server-requests.elicitation.form\nstate: no\nnotes: [n]\nevidence: documented'),
        ),
      },
      { path: 'research/n.md', text: note(['codex-0-169-0']) },
      { path: 'captures/codex-0-169-0.jsonl', text: capture('codex') },
    ]),
    commit(4, [{ path: 'clients/codex.md', text: undefined }]),
  ]);

  test('every change of every cell, newest first, with its commit', () => {
    expect(history.changes.map((change) => [change.commit.slice(0, 1), change.date, formatChange(change)])).toEqual([
      ['4', '2026-04-01T12:00:00Z', 'codex · elicitation: yes, 0.169.0, observed → unknown'],
      ['3', '2026-03-01T12:00:00Z', 'codex · elicitation: partial, 0.168.0 → yes, 0.169.0, observed'],
      ['1', '2026-01-01T12:00:00Z', 'codex · elicitation: unknown → partial, 0.168.0'],
    ]);
    // The note cites a capture of codex by then: the feature verdict written as documented is observed.
    expect(history.featureChanges.map(formatChange)).toEqual([
      'codex · server-requests.elicitation.form: no, observed → unknown',
      'codex · server-requests.elicitation.form: unknown → no, observed',
    ]);
    expect(history.skipped).toEqual([]);
  });

  test('grouped per cell for a client page, and exported with revision or capability', () => {
    const available = { available: true as const, head: 'h', commits: 4, ...history };
    expect(clientHistory(available, 'codex').map((cell) => [cell.column, cell.changes.length])).toEqual([['elicitation', 3]]);
    expect(clientHistory(available, 'zed')).toEqual([]);
    const exported = exportHistory(available);
    expect(exported.changes[0]).toMatchObject({ client: 'codex', capability: 'elicitation', commit: '4'.repeat(40) });
    expect(exported.featureChanges?.[1]).toMatchObject({
      client: 'codex',
      feature: 'server-requests.elicitation.form',
      to: { state: 'no', evidence: 'observed' },
    });
    expect(HistoryExport.parse(exported)).toEqual(exported);
    expect(exportHistory({ available: false, reason: 'shallow' })).toEqual({ available: false, reason: 'shallow', changes: [] });
  });
});
