import { describe, expect, test } from 'vitest';
import { llmsTxt, noteLinks } from './llms.ts';

describe('llmsTxt', () => {
  test('H1, blockquote summary, details, then one H2 section of links each, in order', () => {
    expect(
      llmsTxt({
        origin: 'https://canimcp.io',
        title: 'canimcp',
        summary: 'Research notes\n  on MCP clients.',
        details: '\nEvery link is a twin.\n',
        sections: [
          {
            heading: 'Research notes',
            links: [
              { title: 'B note', url: '/research/b.md', description: 'Second\nline joined.' },
              { title: 'A note', url: '/research/a.md' },
            ],
          },
          { heading: 'Empty section', links: [] },
          { heading: 'Clients', links: [{ title: 'Zed', url: '/clients/zed.md', description: '2 notes' }] },
        ],
      }),
    ).toBe(
      [
        '# canimcp',
        '',
        '> Research notes on MCP clients.',
        '',
        'Every link is a twin.',
        '',
        '## Research notes',
        '',
        '- [B note](https://canimcp.io/research/b.md): Second line joined.',
        '- [A note](https://canimcp.io/research/a.md)',
        '',
        '## Clients',
        '',
        '- [Zed](https://canimcp.io/clients/zed.md): 2 notes',
        '',
      ].join('\n'),
    );
  });

  test('brackets in a title cannot close the link early', () => {
    const text = llmsTxt({
      origin: 'https://canimcp.io',
      title: 't',
      summary: 's',
      sections: [{ heading: 'h', links: [{ title: 'The [draft] revision', url: '/x.md' }] }],
    });
    expect(text).toContain('- [The \\[draft\\] revision](https://canimcp.io/x.md)\n');
  });

  test('without details the summary is followed by the first section', () => {
    expect(llmsTxt({ origin: 'https://canimcp.io', title: 't', summary: 's', sections: [] })).toBe('# t\n\n> s\n');
  });

  test("links given as paths are made absolute on the site's origin (a trailing slash on it too); absolute links stay", () => {
    const text = llmsTxt({
      origin: 'http://localhost:4321/',
      title: 't',
      summary: 's',
      sections: [
        {
          heading: 'h',
          links: [
            { title: 'Here', url: '/research/a.md' },
            { title: 'There', url: 'https://example.com/x' },
          ],
        },
      ],
    });
    expect(text).toContain('- [Here](http://localhost:4321/research/a.md)\n- [There](https://example.com/x)\n');
  });

  test("a corrected note's description leads with the notes that correct it, linked absolutely like every link", () => {
    const text = llmsTxt({
      origin: 'https://canimcp.io',
      title: 't',
      summary: 's',
      sections: [
        {
          heading: 'Research notes',
          links: noteLinks([
            { id: 'b', data: { title: 'B', summary: 'Corrects A.' } },
            { id: 'a', data: { title: 'A', summary: 'Says a thing.' }, correctedBy: [{ id: 'b', title: 'B' }] },
          ]),
        },
      ],
    });
    expect(text).toContain(
      '- [B](https://canimcp.io/research/b.md): Corrects A.\n- [A](https://canimcp.io/research/a.md): Corrected in part by [B](https://canimcp.io/research/b.md). Says a thing.\n',
    );
  });
});
