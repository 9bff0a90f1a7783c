import { describe, expect, test } from 'vitest';
import type { Note } from '../../schema/index.ts';
import { entryTwin, noteTwin, type NoteTwinInput } from './twin.ts';

const note = (
  data: Partial<Note> = {},
  frontmatterBlock = '---\nid: a-note\ntitle: A note\n---\n',
  body = '\nThe body.\n',
): NoteTwinInput => ({
  id: 'a-note',
  data: {
    id: 'a-note',
    title: 'A note',
    kind: 'gap',
    summary: 'One sentence.',
    capabilities: ['tools'],
    clients: ['hermes-agent', 'fast-agent'],
    specVersions: ['2025-11-25', '2026-07-28'],
    sources: [{ url: 'https://example.com/a', title: 'A source', date: '2026-11-09' }],
    status: 'current',
    lastVerified: '2026-11-10',
    ...data,
  },
  frontmatterBlock,
  body,
  canonical: 'https://canimcp.io/research/a-note',
  lastUpdated: '2026-11-30',
});

describe('noteTwin', () => {
  test('lays out frontmatter, heading, meta line, body and sources with one blank line between', () => {
    expect(noteTwin(note())).toBe(
      [
        '---',
        'id: a-note',
        'title: A note',
        'canonical: https://canimcp.io/research/a-note',
        'last-updated: 2026-11-30',
        '---',
        '',
        '# A note',
        '',
        'Kind: gap · Status: current · Last verified: 2026-11-10 · Clients: [hermes-agent](/clients/hermes-agent.md), [fast-agent](/clients/fast-agent.md) · Revisions: `2025-11-25`, `2026-07-28`',
        '',
        'The body.',
        '',
        '## Sources',
        '',
        '- [A source](https://example.com/a), 2026-11-09',
        '',
      ].join('\n'),
    );
  });

  test("appends canonical and last-updated only where the author did not write them, keeping the author's values", () => {
    const written = note(
      { canonical: 'https://canimcp.io/research/a-note', 'last-updated': '2026-01-02' },
      '---\nid: a-note\ncanonical: https://canimcp.io/research/a-note\nlast-updated: 2026-01-02\n---\n',
    );
    expect(noteTwin(written)).toMatch(
      /^---\nid: a-note\ncanonical: https:\/\/canimcp\.io\/research\/a-note\nlast-updated: 2026-01-02\n---\n\n# A note\n/,
    );
    const onlyCanonical = note(
      { canonical: 'https://canimcp.io/research/a-note' },
      '---\nid: a-note\ncanonical: https://canimcp.io/research/a-note\n---\n',
    );
    expect(noteTwin(onlyCanonical)).toMatch(
      /^---\nid: a-note\ncanonical: https:\/\/canimcp\.io\/research\/a-note\nlast-updated: 2026-11-30\n---\n\n/,
    );
  });

  test("keeps the author's frontmatter style: flow lists, quoting, comments", () => {
    const block = '---\n# a comment\nclients: [hermes-agent, fast-agent]\nsummary: "Quoted: yes"\n---\n';
    expect(noteTwin(note({}, block))).toMatch(
      /^---\n# a comment\nclients: \[hermes-agent, fast-agent\]\nsummary: "Quoted: yes"\ncanonical: https:\/\/canimcp\.io\/research\/a-note\nlast-updated: 2026-11-30\n---\n\n# A note\n/,
    );
  });

  test('a source shows commit and path only where given', () => {
    const twin = noteTwin(
      note({
        sources: [
          { url: 'https://github.com/o/r', title: 'Both', commit: '0012345', path: 'src/a.py:1-9', date: '2026-11-01' },
          { url: 'https://github.com/o/r', title: 'Commit only', commit: '9dcf7714', date: '2026-11-02' },
          { url: 'https://pypi.org/p', title: 'Path only', path: 'pkg/mod.py', date: '2026-11-03' },
          { url: 'https://example.com', title: 'A [bracketed] title', date: '2026-11-04' },
        ],
      }),
    );
    expect(twin).toContain(
      [
        '## Sources',
        '',
        '- [Both](https://github.com/o/r), commit `0012345`, `src/a.py:1-9`, 2026-11-01',
        '- [Commit only](https://github.com/o/r), commit `9dcf7714`, 2026-11-02',
        '- [Path only](https://pypi.org/p), `pkg/mod.py`, 2026-11-03',
        '- [A \\[bracketed\\] title](https://example.com), 2026-11-04',
        '',
      ].join('\n'),
    );
  });

  test('the related notes section appears only where there are related notes', () => {
    expect(noteTwin(note())).not.toContain('## Related notes');
    expect(noteTwin(note({ related: [] }))).not.toContain('## Related notes');
    expect(noteTwin(note({ related: ['b-note', 'c-note'] }))).toMatch(
      /\n\n## Related notes\n\n- \[b-note\]\(\/research\/b-note\.md\)\n- \[c-note\]\(\/research\/c-note\.md\)\n$/,
    );
  });

  test('an empty body leaves no empty block; blank lines around the body are trimmed', () => {
    expect(noteTwin(note({}, undefined, '\n\n'))).toContain('`2026-07-28`\n\n## Sources\n');
    expect(noteTwin(note({}, undefined, '\n\n\nText.\n\n\n'))).toContain('`2026-07-28`\n\nText.\n\n## Sources\n');
  });
});

describe('entryTwin', () => {
  test('frontmatter, heading, body, then every note that names the entry', () => {
    const twin = entryTwin({
      frontmatterBlock: '---\nname: Hermes Agent\n---\n',
      heading: 'Hermes Agent',
      body: '\nA client.\n',
      notes: [
        { id: 'b-note', data: { title: 'B [note]', summary: 'Second.' } },
        { id: 'a-note', data: { title: 'A note', summary: 'First.' } },
      ],
    });
    expect(twin).toBe(
      '---\nname: Hermes Agent\n---\n\n# Hermes Agent\n\nA client.\n\n## Notes\n\n- [B \\[note\\]](/research/b-note.md) — Second.\n- [A note](/research/a-note.md) — First.\n',
    );
  });

  test('a corrected note says so before its summary and links the notes that correct it; the others read as before', () => {
    const twin = entryTwin({
      frontmatterBlock: '---\nname: Hermes Agent\n---\n',
      heading: 'Hermes Agent',
      body: '',
      notes: [
        { id: 'later', data: { title: 'Later', summary: 'Corrects.' }, correctedBy: [] },
        { id: 'earlier', data: { title: 'Earlier', summary: 'First.' }, correctedBy: [{ id: 'later', title: 'Later' }] },
      ],
    });
    expect(twin).toContain(
      '\n- [Later](/research/later.md) — Corrects.\n- [Earlier](/research/earlier.md) — Corrected in part by [Later](/research/later.md). First.\n',
    );
  });
});
