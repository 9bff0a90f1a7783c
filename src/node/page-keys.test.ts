import { describe, expect, it } from 'vitest';
import type { Problem } from '../lib/content/problems.ts';
import type { VerdictHistory } from '../lib/matrix/verdict-history.ts';
import type { CollectionName } from '../schema/index.ts';
import { fileKey, pageKeys, type KeyedContent } from './page-keys.ts';

const ORIGIN = 'https://canimcp.io';
const DATE = '2026-11-30';

interface Made extends KeyedContent {
  content: { research: { id: string; data: unknown }[]; clients: { id: string; data: { name: string } }[] };
  bodies: [CollectionName, string, { digest: string; lastUpdated: string }][];
  problems: Problem[];
  history: VerdictHistory;
  captureFiles: { id: string; sha256: string }[];
}

/** A capture header of fast-agent 0.3.10 over HTTP, captured at `capturedAt`. */
const header = (capturedAt: string) => ({
  capture: 1 as const,
  client: 'fast-agent',
  version: '0.3.10',
  path: 'cli' as const,
  transport: 'http' as const,
  persona: 'observe',
  capturedAt,
  probe: '0.1.0',
});

/** Three notes, a client, a revision and a capability; `change` edits them before the keys are made. */
const content = (change: (made: Made) => void = () => {}): Made => {
  const made: Made = {
    content: {
      research: ['a', 'b', 'c'].map((id) => ({ id, data: { id, title: `Note ${id}`, clients: ['fast-agent'] } })),
      clients: [{ id: 'fast-agent', data: { name: 'fast-agent' } }],
    },
    bodies: [
      ['research', 'a', { digest: 'da', lastUpdated: '2026-11-01' }],
      ['research', 'b', { digest: 'db', lastUpdated: '2026-11-02' }],
      ['research', 'c', { digest: 'dc', lastUpdated: '2026-11-03' }],
      ['clients', 'fast-agent', { digest: 'dfa', lastUpdated: '2026-10-01' }],
      ['revisions', '2025-11-25', { digest: 'dr', lastUpdated: '2026-10-01' }],
      ['capabilities', 'tools', { digest: 'dt', lastUpdated: '2026-10-01' }],
    ],
    problems: [],
    history: { available: false, reason: 'no git' },
    captureFiles: [{ id: 'cap-1', sha256: 'aaa' }],
    validCaptures: new Map([['cap-1', { header: header('2026-11-20T09:15:00Z') }]]),
  };
  change(made);
  return made;
};

/** The key of each of these files, so a test can say which of them a change moves. */
const FILES = [
  'research/a.html',
  'research/a.md',
  'research/a/sources.json',
  'research/b.html',
  'research/b.md',
  'clients/fast-agent.html',
  'clients/fast-agent/feed.xml',
  'revisions/2025-11-25.html',
  'revisions/2025-11-25/llms.txt',
  'capabilities/tools.md',
];
const keysOf = (made: KeyedContent, origin = ORIGIN, date = DATE) => {
  const keys = pageKeys(made, origin, date);
  return Object.fromEntries(FILES.map((file) => [file, fileKey(keys, file)]));
};
/** Every keyed file but the notes' twins. */
const PAGES = FILES.filter((file) => !/^research\/[^/]+\.md$/.test(file) && file !== 'research/a/sources.json');
/** The files whose key differs between two builds. */
const moved = (before: Record<string, string | undefined>, after: Record<string, string | undefined>) =>
  FILES.filter((file) => before[file] !== after[file]);

describe('fileKey', () => {
  const keys = pageKeys(content(), ORIGIN, DATE);

  it('keys a note page and its twin apart, and no file the table of outputs does not name', () => {
    expect(fileKey(keys, 'research/a.html')).toBeDefined();
    expect(fileKey(keys, 'research/a/sources.json')).toBeUndefined();
    expect(fileKey(keys, 'research/a.md')).not.toBe(fileKey(keys, 'research/a.html'));
    expect(fileKey(keys, 'research/a.html')).not.toBe(fileKey(keys, 'research/b.html'));
  });

  it('keys every file of a client, revision or capability', () => {
    expect(fileKey(keys, 'clients/fast-agent/changes.xml')).toBe(fileKey(keys, 'clients/fast-agent.md'));
    expect(fileKey(keys, 'revisions/2025-11-25/llms.txt')).toBe(fileKey(keys, 'capabilities/tools.html'));
  });

  it('gives no key to the files built every time, nor to entries that do not exist', () => {
    for (const file of [
      'index.html',
      'research.html',
      'research.md',
      'captures.html',
      'captures/gone.html',
      'schema/note.json',
      '_headers',
    ]) {
      expect(fileKey(keys, file)).toBeUndefined();
    }
    expect(fileKey(keys, 'research/gone.html')).toBeUndefined();
    expect(fileKey(keys, 'clients/gone/feed.xml')).toBeUndefined();
    expect(fileKey(keys, 'research/page/2.html')).toBeUndefined();
  });

  it("keys a capture's page, twin and file alike, by the site and the capture's hash", () => {
    const page = fileKey(keys, 'captures/cap-1.html');
    expect(page).toBeDefined();
    expect(fileKey(keys, 'captures/cap-1.md')).toBe(page);
    expect(fileKey(keys, 'captures/cap-1.jsonl')).toBe(page);
    const changed = pageKeys(
      content((made) => (made.captureFiles = [{ id: 'cap-1', sha256: 'bbb' }])),
      ORIGIN,
      DATE,
    );
    expect(fileKey(changed, 'captures/cap-1.html')).not.toBe(page);
    const added = pageKeys(
      content((made) => made.captureFiles.push({ id: 'cap-2', sha256: 'ccc' })),
      ORIGIN,
      DATE,
    );
    expect(fileKey(added, 'captures/cap-1.html')).toBe(page);
    // A capture alike in client, version, persona, face and transport retitles it (its day, then its time, show).
    const alike = pageKeys(
      content((made) => {
        made.captureFiles.push({ id: 'cap-2', sha256: 'ccc' });
        made.validCaptures = new Map([...made.validCaptures, ['cap-2', { header: header('2026-11-21T09:15:00Z') }]]);
      }),
      ORIGIN,
      DATE,
    );
    expect(fileKey(alike, 'captures/cap-1.html')).not.toBe(page);
    const retitled = pageKeys(
      content((made) => (made.content.research[0] = { id: 'a', data: { title: 'New' } })),
      ORIGIN,
      DATE,
    );
    expect(fileKey(retitled, 'captures/cap-1.html')).not.toBe(page);
  });

  it('keys the research listing pages after the first by the site', () => {
    const many = content((made) => {
      made.content.research = Array.from({ length: 120 }, (_, index) => ({ id: `n${index}`, data: {} }));
    });
    const listed = pageKeys(many, ORIGIN, DATE);
    expect(fileKey(listed, 'research/page/2.html')).toBe(listed.listingKey);
    expect(fileKey(listed, 'research/page/3.html')).toBeDefined();
    expect(fileKey(listed, 'research/page/4.html')).toBeUndefined();
  });
});

describe('pageKeys', () => {
  const before = keysOf(content());

  it('is the same for the same content', () => {
    expect(keysOf(content())).toEqual(before);
  });

  it("moves a note's own files, and nothing else, when its body changes", () => {
    const after = keysOf(
      content((made) => {
        made.bodies[0] = ['research', 'a', { digest: 'da2', lastUpdated: '2026-11-01' }];
      }),
    );
    expect(moved(before, after)).toEqual(['research/a.html', 'research/a.md']);
  });

  it("moves every page but the twins when a note's frontmatter changes", () => {
    const after = keysOf(
      content((made) => {
        made.content.research[1] = { id: 'b', data: { id: 'b', title: 'Retitled' } };
      }),
    );
    expect(moved(before, after)).toEqual(PAGES);
  });

  it("moves every page but the twins when a note's last-updated, a client's file, the origin or the date changes", () => {
    const edits: ((made: Made) => void)[] = [
      (made) => (made.bodies[2] = ['research', 'c', { digest: 'dc', lastUpdated: '2026-11-20' }]),
      (made) => (made.bodies[3] = ['clients', 'fast-agent', { digest: 'dfa2', lastUpdated: '2026-10-01' }]),
    ];
    for (const edit of edits) expect(moved(before, keysOf(content(edit)))).toEqual(PAGES);
    expect(moved(before, keysOf(content(), 'https://mirror.example.org'))).toEqual(PAGES);
    expect(moved(before, keysOf(content(), ORIGIN, '2026-12-01'))).toEqual(PAGES);
  });

  it("moves a client's files alone when the verdict history changes", () => {
    const history = keysOf(
      content((made) => {
        made.history = { available: true, head: 'abc', commits: 2, changes: [], featureChanges: [], skipped: [] };
      }),
    );
    expect(moved(before, history)).toEqual(['clients/fast-agent.html', 'clients/fast-agent/feed.xml']);
  });

  it("moves the clients', revisions' and capabilities' files, which show the matrix, when a capture file changes", () => {
    const capture = keysOf(
      content((made) => {
        made.captureFiles = [{ id: 'cap-1', sha256: 'bbb' }];
      }),
    );
    expect(moved(before, capture)).toEqual([
      'clients/fast-agent.html',
      'clients/fast-agent/feed.xml',
      'revisions/2025-11-25.html',
      'revisions/2025-11-25/llms.txt',
      'capabilities/tools.md',
    ]);
  });

  it('moves every page when the problems change', () => {
    const after = keysOf(
      content((made) => {
        made.problems = [{ file: 'content/research/a.md', line: 1, column: 1, message: 'broken' }];
      }),
    );
    expect(moved(before, after)).toEqual(PAGES);
  });
});
