import { describe, expect, test } from 'vitest';
import { parseFile } from './frontmatter.ts';

const file = [
  '---',
  'id: a-note',
  'title: "Quoted: with a colon"',
  'specVersions:',
  '  - 2025-11-25',
  '  - 2026-07-28',
  'sources:',
  '  - url: https://example.com',
  '    commit: 0012345',
  '    date: 2026-11-09',
  'count: 12',
  'flag: yes',
  'empty:',
  '---',
  '',
  'Body with --- inside.',
  '',
].join('\n');

describe('parseFile', () => {
  const parsed = parseFile(file);

  test('keeps every scalar as the text written: dates, zero-led digits, numbers, booleans', () => {
    expect(parsed?.data).toEqual({
      id: 'a-note',
      title: 'Quoted: with a colon',
      specVersions: ['2025-11-25', '2026-07-28'],
      sources: [{ url: 'https://example.com', commit: '0012345', date: '2026-11-09' }],
      count: '12',
      flag: 'yes',
      empty: '',
    });
    expect(parsed?.syntaxErrors).toEqual([]);
  });

  test('splits the file into the frontmatter block and the body, byte for byte', () => {
    expect(parsed?.frontmatterBlock).toBe(file.slice(0, file.indexOf('\n---\n') + 5));
    expect(parsed?.body).toBe('\nBody with --- inside.\n');
    expect(`${parsed?.frontmatterBlock}${parsed?.body}`).toBe(file);
  });

  test.each([
    [['id'], 'value', { line: 2, column: 5 }],
    [['id'], 'key', { line: 2, column: 1 }],
    [['specVersions', 1], 'value', { line: 6, column: 5 }],
    [['sources', 0, 'commit'], 'value', { line: 9, column: 13 }],
    [['sources', 0, 'commit'], 'key', { line: 9, column: 5 }],
  ] as const)('locates %j (%s) at its file position', (path, part, position) => {
    expect(parsed?.locate(path, part)).toEqual(position);
  });

  test('a field that is not there is placed at the start of the mapping that lacks it', () => {
    expect(parsed?.locate(['status'])).toEqual({ line: 2, column: 1 });
    expect(parsed?.locate(['sources', 0, 'title'])).toEqual({ line: 8, column: 5 });
  });

  test('no frontmatter: undefined', () => {
    expect(parseFile('# Just a heading\n')).toBeUndefined();
    expect(parseFile('\n---\nid: x\n---\n')).toBeUndefined();
  });

  test('an unquoted value with ": " is placed at its line, with a hint to quote it', () => {
    const result = parseFile('---\nid: x\ntitle: T\nkind: nuance\nsummary: Its `protocol: auto` sends initialize first.\n---\n');
    expect(result?.data).toBeUndefined();
    expect(result?.syntaxErrors).toEqual([
      {
        line: 5,
        column: 1,
        message: 'summary: the value contains ": ", which YAML reads as the start of a nested mapping; quote the value ("…")',
      },
    ]);
  });

  test('a syntax error is placed at its file line, and the confusion it causes below is not reported', () => {
    const result = parseFile(
      [
        '---',
        'id: x',
        'sources:',
        '  - url: https://example.com',
        '     title: over-indented',
        '    date: 2026-11-09',
        '    path: a.py',
        '---',
        '',
      ].join('\n'),
    );
    expect(result?.syntaxErrors).toEqual([
      { line: 4, column: 10, message: 'invalid YAML frontmatter: Nested mappings are not allowed in compact mappings (line 4)' },
    ]);
  });

  test('several unquoted colons are each reported', () => {
    const result = parseFile('---\ntitle: Hermes: a client\nkind: nuance\nsummary: one: two\n---\n');
    expect(result?.syntaxErrors.map((error) => [error.line, error.message.split(':')[0]])).toEqual([
      [2, 'title'],
      [4, 'summary'],
    ]);
  });

  test('a repeated key is an error at the repeat', () => {
    expect(parseFile('---\nid: x\ntitle: a\ntitle: b\n---\n')?.syntaxErrors).toEqual([
      { line: 4, column: 1, message: 'invalid YAML frontmatter: Map keys must be unique (line 4)' },
    ]);
  });

  test('anchors and aliases are refused at the first one, before anything expands them', () => {
    const laughs = ['---', 'id: x', 'title: "a *star* & an &amp"', 'related:', '  - &a [lol, lol]'];
    for (const name of 'bcdefghijklmnopqrstuvwxyz') laughs.push(`  - &${name} [${Array(9).fill('*a').join(', ')}]`);
    const started = performance.now();
    expect(parseFile([...laughs, '---', ''].join('\n'))).toMatchObject({
      data: undefined,
      syntaxErrors: [
        {
          line: 5,
          column: 5,
          message: 'invalid YAML frontmatter: anchors and aliases (&name, *name) are not allowed; write each value out (line 5)',
        },
      ],
    });
    expect(performance.now() - started).toBeLessThan(1000);
    // An alias alone, without its anchor, is refused too; `*` and `&` inside text are not aliases.
    expect(parseFile('---\nid: x\nrelated: [*a]\n---\n')?.syntaxErrors[0]).toMatchObject({ line: 3, column: 11 });
    expect(parseFile('---\nid: x\ntitle: a *b* & c&d, "*e"\n---\n')?.syntaxErrors).toEqual([]);
  });

  test('CRLF line ends: no stray carriage return in the last value, and the block stays as written', () => {
    const text = '---\r\nid: x\r\nlastVerified: 2026-11-09\r\n---\r\nBody\r\n';
    const result = parseFile(text);
    expect(result?.data).toEqual({ id: 'x', lastVerified: '2026-11-09' });
    expect(result?.frontmatterBlock).toBe('---\r\nid: x\r\nlastVerified: 2026-11-09\r\n---\r\n');
    expect(result?.locate(['lastVerified'])).toEqual({ line: 3, column: 15 });
    expect(parseFile('---\r\nsummary: a: b\r\n---\r\n')?.syntaxErrors[0]?.message).toMatch(/^summary: the value contains ": "/);
  });
});
